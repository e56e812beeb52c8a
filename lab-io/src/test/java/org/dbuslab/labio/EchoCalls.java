package org.dbuslab.labio;

import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MessageFactory;
import org.freedesktop.dbus.messages.MethodCall;

import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.util.List;

/** Echo calls as the transport tests send them: built by dbus-java, as wire bytes, and their payload read back. */
final class EchoCalls {

    private static final List<Type[]> BYTES = List.<Type[]>of(new Type[] {byte[].class});
    private static final MessageFactory FACTORY = new MessageFactory((byte) 'l');

    private EchoCalls() {
    }

    static MethodCall call(byte[] payload) throws Exception {
        return FACTORY.createMethodCall("org.dbuslab.Echo", "/org/dbuslab/Echo", "org.dbuslab.Echo1", "Echo",
            (byte) 0, "ay", payload);
    }

    static ByteBuffer wireBytes(Message message) {
        int length = 0;
        for (byte[] chunk : message.getWireData()) {
            length += chunk == null ? 0 : chunk.length;
        }
        ByteBuffer bytes = ByteBuffer.allocate(length);
        for (byte[] chunk : message.getWireData()) {
            if (chunk != null) {
                bytes.put(chunk);
            }
        }
        return bytes.flip();
    }

    static byte[] payloadOf(Message message) {
        try {
            return (byte[]) message.getParameters(BYTES)[0];
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
