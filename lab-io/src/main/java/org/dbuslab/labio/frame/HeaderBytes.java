package org.dbuslab.labio.frame;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Builds a little-endian message header (D-Bus specification, "Message Format"): the 12-byte fixed header, the
 * header-field array a(yv) with each field on an 8-byte boundary, padded to 8 where the body starts. The serial and
 * the body length are left 0, for {@link #putU32} to fill in per message.
 */
final class HeaderBytes {

    static final int BODY_LENGTH_AT = 4;
    static final int SERIAL_AT = 8;
    private static final int FIELDS_LENGTH_AT = 12;

    private byte[] bytes = new byte[128];
    private int length;

    HeaderBytes(byte type, int flags) {
        u8('l');
        u8(type);
        u8(flags);
        u8(1); // protocol version
        u32(0); // body length
        u32(0); // serial
        u32(0); // header-field array length
    }

    HeaderBytes string(int code, char kind, byte[] value) {
        field(code, kind);
        align(4);
        u32(value.length);
        put(value);
        u8(0);
        return this;
    }

    HeaderBytes signature(byte[] value) {
        field(WireFrame.FIELD_SIGNATURE, 'g');
        u8(value.length);
        put(value);
        u8(0);
        return this;
    }

    /** A u32 field; returns where its value lies, to fill in per message. */
    int uint32(int code) {
        field(code, 'u');
        align(4);
        int at = length;
        u32(0);
        return at;
    }

    /** The header, its field array's length set and padded to 8, where the body begins. */
    byte[] finish() {
        int fieldsLength = length - WireFrame.PREFIX;
        align(8);
        byte[] header = Arrays.copyOf(bytes, length);
        ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).putInt(FIELDS_LENGTH_AT, fieldsLength);
        return header;
    }

    /**
     * Puts {@code header} at {@code into}'s position with this message's body length and serial filled in, advancing
     * past it; returns where the header starts, for the fields a message fills in further.
     */
    static int putHeader(ByteBuffer into, byte[] header, long bodyLength, long serial) {
        int at = into.position();
        into.put(header);
        putU32(into, at + BODY_LENGTH_AT, bodyLength);
        putU32(into, at + SERIAL_AT, serial);
        return at;
    }

    /** Puts a byte array's length at {@code into}'s position and advances past it, to where its bytes go. */
    static void putArrayLength(ByteBuffer into, int length) {
        putU32(into, into.position(), length);
        into.position(into.position() + 4);
    }

    /** Puts {@code v} little-endian at {@code index} of {@code into}, whatever the buffer's own byte order. */
    static void putU32(ByteBuffer into, int index, long v) {
        int raw = (int) v;
        into.putInt(index, into.order() == ByteOrder.LITTLE_ENDIAN ? raw : Integer.reverseBytes(raw));
    }

    private void field(int code, char kind) {
        align(8);
        u8(code);
        u8(1);
        u8(kind);
        u8(0);
    }

    private void align(int to) {
        while (length % to != 0) {
            u8(0);
        }
    }

    private void u8(int b) {
        room(1);
        bytes[length++] = (byte) b;
    }

    private void u32(int v) {
        room(4);
        for (int i = 0; i < 4; i++) {
            bytes[length++] = (byte) (v >>> (8 * i));
        }
    }

    private void put(byte[] value) {
        room(value.length);
        System.arraycopy(value, 0, bytes, length, value.length);
        length += value.length;
    }

    private void room(int n) {
        if (length + n > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + n));
        }
    }
}
