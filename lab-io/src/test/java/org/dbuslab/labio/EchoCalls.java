package org.dbuslab.labio;

import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MessageFactory;
import org.freedesktop.dbus.messages.MethodCall;

import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * Echo calls as the transport tests send them: built by dbus-java, as wire bytes, and their payload read back; and
 * bytes parsed by dbus-java, as its socket reader does, to check the lab's own marshalling against it.
 */
public final class EchoCalls {

    private static final List<Type[]> BYTES = List.<Type[]>of(new Type[] {byte[].class});
    private static final MessageFactory FACTORY = new MessageFactory((byte) 'l');

    private EchoCalls() {
    }

    public static MethodCall call(byte[] payload) throws Exception {
        return FACTORY.createMethodCall("org.dbuslab.Echo", "/org/dbuslab/Echo", "org.dbuslab.Echo1", "Echo",
            (byte) 0, "ay", payload);
    }

    public static ByteBuffer wireBytes(Message message) {
        return ByteBuffer.wrap(OutgoingFrame.of(message).toBytes());
    }

    public static byte[] payloadOf(Message message) {
        try {
            return (byte[]) message.getParameters(BYTES)[0];
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The bytes of a whole little-endian message, parsed as dbus-java's socket reader does. */
    public static Message parse(byte[] wire) throws Exception {
        ByteBuffer view = ByteBuffer.wrap(wire).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int paddedFields = (view.getInt(12) + 7) & ~7;
        byte[] header = new byte[paddedFields + 8]; // the array length, 4 bytes of padding, the fields (8-aligned)
        System.arraycopy(wire, 12, header, 0, 4);
        System.arraycopy(wire, 16, header, 8, paddedFields);
        return MessageFactory.createMessage(wire[1], Arrays.copyOf(wire, 12), header,
            Arrays.copyOfRange(wire, 16 + paddedFields, wire.length), null);
    }

    /** {@code length} bytes, each {@code value}. */
    public static byte[] filled(int length, int value) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, (byte) value);
        return bytes;
    }

    /** Reads {@code count} messages from {@code channel} (blocking) and returns their payloads, in order. */
    public static List<byte[]> readPayloads(java.nio.channels.SocketChannel channel, int count) throws Exception {
        BufferedMessageReader reader = new BufferedMessageReader(channel);
        List<byte[]> payloads = new java.util.ArrayList<>();
        while (payloads.size() < count) {
            Message message = reader.readMessage();
            if (message != null) {
                payloads.add(payloadOf(message));
            }
        }
        return payloads;
    }
}
