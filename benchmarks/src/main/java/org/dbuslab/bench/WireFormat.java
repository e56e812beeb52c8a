package org.dbuslab.bench;

import org.dbuslab.labio.OutgoingFrame;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.MessageTypeException;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MessageFactory;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A message's bytes on the wire, and back, with dbus-java's public API only.
 * dbus-java keeps a marshalled message as a list of chunks; its socket writer sends them in order up to the
 * first null. The reader splits a message into the 12-byte fixed header, the header fields and the body, and
 * hands them to {@link MessageFactory#createMessage}; {@link #parse} does the same split on a byte array.
 */
public final class WireFormat {

    private static final int FIXED_HEADER = 12;

    private WireFormat() {
    }

    /** The bytes dbus-java's writer would send for {@code message}. */
    public static byte[] bytes(Message message) {
        return OutgoingFrame.of(message).toBytes();
    }

    /** Parses one complete message, as dbus-java's socket reader does. */
    public static Message parse(byte[] wire) throws DBusException {
        if (wire.length < FIXED_HEADER + 4) {
            throw new IllegalArgumentException("too short for a D-Bus message: " + wire.length + " bytes");
        }
        ByteOrder order = wire[0] == 'l' ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        ByteBuffer view = ByteBuffer.wrap(wire).order(order);
        long bodyLength = view.getInt(4) & 0xFFFFFFFFL;
        long fieldsLength = view.getInt(12) & 0xFFFFFFFFL;
        long paddedFields = (fieldsLength + 7) & ~7L;
        long total = FIXED_HEADER + 4 + paddedFields + bodyLength;
        if (total != wire.length) {
            throw new IllegalArgumentException("message says " + total + " bytes, got " + wire.length);
        }
        byte[] fixed = Arrays.copyOfRange(wire, 0, FIXED_HEADER);
        // Like the reader: the array length, 4 bytes of zero padding, then the fields, so that the fields sit
        // at an 8-aligned offset as they do in the message.
        byte[] header = new byte[(int) paddedFields + 8];
        System.arraycopy(wire, FIXED_HEADER, header, 0, 4);
        System.arraycopy(wire, FIXED_HEADER + 4, header, 8, (int) paddedFields);
        byte[] body = Arrays.copyOfRange(wire, FIXED_HEADER + 4 + (int) paddedFields, wire.length);
        try {
            return MessageFactory.createMessage(wire[1], fixed, header, body, null);
        } catch (MessageTypeException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
