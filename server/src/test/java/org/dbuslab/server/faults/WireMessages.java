package org.dbuslab.server.faults;

import org.dbuslab.api.EchoContract;
import org.dbuslab.labio.OutgoingFrame;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MessageFactory;


/** Valid D-Bus messages as bytes, made by dbus-java's own marshalling, for tests to send raw (or to mutate). */
final class WireMessages {

    private WireMessages() {
    }

    /** An Echo call with {@code payload}, in byte order {@code endianness} ('l' or 'B'). */
    static byte[] echoCall(byte endianness, byte[] payload) throws DBusException {
        MessageFactory factory = new MessageFactory(endianness);
        return bytes(factory.createMethodCall(null, null, EchoContract.OBJECT_PATH, EchoContract.INTERFACE,
            EchoContract.ECHO_METHOD, (byte) 0, EchoContract.PAYLOAD_SIGNATURE, (Object) payload));
    }

    static byte[] bytes(Message message) {
        return OutgoingFrame.of(message).toBytes();
    }
}
