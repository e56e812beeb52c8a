package org.dbuslab.labio.frame;

import java.nio.ByteBuffer;

/**
 * One whole received message read in place, in the buffer it arrived in (D-Bus specification, "Message Format"): the
 * fixed header and where each header field and the body lie. Reused from message to message, so reading allocates
 * nothing. It reads only what the lab's hot messages look like — little-endian, the standard header fields with
 * their standard types, no unix fds; {@link #read} is false for anything else, and that message goes to dbus-java's
 * parser, which decides what is wrong with it.
 * <p>
 * The field numbers are the specification's, as in the lean module's reader: that cold-start client depends on the
 * JDK alone by design, so the two marshallers do not share a class.
 */
public final class WireFrame {

    public static final byte METHOD_CALL = 1;
    public static final byte METHOD_RETURN = 2;
    public static final byte ERROR = 3;

    static final int FIELD_PATH = 1;
    static final int FIELD_INTERFACE = 2;
    static final int FIELD_MEMBER = 3;
    static final int FIELD_ERROR_NAME = 4;
    static final int FIELD_REPLY_SERIAL = 5;
    static final int FIELD_DESTINATION = 6;
    static final int FIELD_SENDER = 7;
    static final int FIELD_SIGNATURE = 8;
    private static final int FIELDS = 9; // codes 1..8

    /** The fixed header's 12 bytes and the header-field array's length. */
    static final int PREFIX = 16;
    /** A bus name's longest (the specification's limit): a message with a longer SENDER is not read here. */
    static final int MAX_NAME = 255;
    /** The flag that says no reply is wanted. */
    public static final int NO_REPLY_EXPECTED = 0x1;
    /** The signature of the hot messages' body, one byte array. */
    static final byte[] BYTE_ARRAY_SIGNATURE = name("ay");

    private ByteBuffer buffer;
    private int start;
    private byte type;
    private int flags;
    private long serial;
    private int bodyStart;
    private int bodyLength;
    /** Per field code: where its value's bytes start (strings: after their length), -1 when absent. */
    private final int[] at = new int[FIELDS];
    /** Per field code: its value's length in bytes (strings and signatures), or its value (REPLY_SERIAL). */
    private final long[] value = new long[FIELDS];

    /**
     * Reads the message of {@code length} bytes at {@code start} of {@code buffer} (absolute positions; the buffer's
     * position and limit are not touched), whose prefix the connection's reader has checked (byte order mark,
     * version, serial, and that {@code length} is 16 + the field array padded to 8 + the body).
     *
     * @return false when the message is not one this reader takes; then nothing of it may be used
     */
    public boolean read(ByteBuffer buffer, int start, int length) {
        if (length < PREFIX || buffer.get(start) != 'l') {
            return false;
        }
        this.buffer = buffer;
        this.start = start;
        type = buffer.get(start + 1);
        flags = buffer.get(start + 2) & 0xff;
        bodyLength = u32(start + 4);
        serial = Integer.toUnsignedLong(u32(start + 8));
        int fieldsLength = u32(start + 12);
        if (bodyLength < 0 || fieldsLength < 0 || fieldsLength > length - PREFIX) {
            return false;
        }
        java.util.Arrays.fill(at, -1);
        int end = start + PREFIX + fieldsLength;
        int pos = start + PREFIX;
        while (pos < end) {
            pos = start + align(pos - start, 8);
            if (pos + 4 > end || buffer.get(pos + 1) != 1 || buffer.get(pos + 3) != 0) {
                return false; // a variant whose signature is not one basic type: no standard field has that
            }
            int code = buffer.get(pos);
            byte kind = buffer.get(pos + 2);
            pos += 4;
            if (code <= 0 || code >= FIELDS || at[code] >= 0 || kind != expectedKind(code)) {
                return false; // unknown (UNIX_FDS, 9, included), repeated, or of the wrong type
            }
            if (kind == 'u') {
                pos = start + align(pos - start, 4);
                if (pos + 4 > end) {
                    return false;
                }
                at[code] = pos;
                value[code] = Integer.toUnsignedLong(u32(pos));
                pos += 4;
            } else if (kind == 'g') {
                int n = buffer.get(pos) & 0xff;
                if (pos + 2 + n > end || buffer.get(pos + 1 + n) != 0) {
                    return false;
                }
                at[code] = pos + 1;
                value[code] = n;
                pos += 2 + n;
            } else { // 's' and 'o'
                pos = start + align(pos - start, 4);
                if (pos + 4 > end) {
                    return false;
                }
                int n = u32(pos);
                if (n < 0 || n > end - pos - 5 || buffer.get(pos + 4 + n) != 0) {
                    return false;
                }
                at[code] = pos + 4;
                value[code] = n;
                pos += 5 + n;
            }
        }
        if (pos != end || at[FIELD_SENDER] >= 0 && value[FIELD_SENDER] > MAX_NAME) {
            return false;
        }
        bodyStart = start + align(PREFIX + fieldsLength, 8);
        return bodyStart - start + (long) bodyLength == length;
    }

    private static byte expectedKind(int code) {
        return switch (code) {
            case FIELD_PATH -> 'o';
            case FIELD_REPLY_SERIAL -> 'u';
            case FIELD_SIGNATURE -> 'g';
            default -> 's';
        };
    }

    /** A path, name or signature as the comparisons below take it (its UTF-8 bytes, as on the wire). */
    public static byte[] name(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    public byte type() {
        return type;
    }

    public int flags() {
        return flags;
    }

    public long serial() {
        return serial;
    }

    /** The serial this message replies to; -1 without a REPLY_SERIAL field. */
    public long replySerial() {
        return at[FIELD_REPLY_SERIAL] < 0 ? -1 : value[FIELD_REPLY_SERIAL];
    }

    public boolean hasInterface() {
        return at[FIELD_INTERFACE] >= 0;
    }

    public boolean pathIs(byte[] ascii) {
        return fieldIs(FIELD_PATH, ascii);
    }

    public boolean interfaceIs(byte[] ascii) {
        return fieldIs(FIELD_INTERFACE, ascii);
    }

    public boolean memberIs(byte[] ascii) {
        return fieldIs(FIELD_MEMBER, ascii);
    }

    /** The body's signature equals {@code ascii}; an absent SIGNATURE field is the empty signature. */
    public boolean signatureIs(byte[] ascii) {
        return at[FIELD_SIGNATURE] < 0 ? ascii.length == 0 : fieldIs(FIELD_SIGNATURE, ascii);
    }

    /** The SENDER field's bytes (a bus sets it: the unique name to reply to), or null without one. */
    public byte[] sender() {
        int from = at[FIELD_SENDER];
        if (from < 0) {
            return null;
        }
        byte[] name = new byte[(int) value[FIELD_SENDER]];
        buffer.get(from, name);
        return name;
    }

    /** The SENDER field equals {@code name}; null stands for no SENDER field. */
    public boolean senderIs(byte[] name) {
        return name == null ? at[FIELD_SENDER] < 0 : fieldIs(FIELD_SENDER, name);
    }

    private boolean fieldIs(int code, byte[] ascii) {
        int from = at[code];
        if (from < 0 || value[code] != ascii.length) {
            return false;
        }
        for (int i = 0; i < ascii.length; i++) {
            if (buffer.get(from + i) != ascii[i]) {
                return false;
            }
        }
        return true;
    }

    /** True when the signature is {@code ay} and the body exactly one byte array. */
    public boolean carriesByteArray() {
        return signatureIs(BYTE_ARRAY_SIGNATURE) && byteArrayLength() >= 0;
    }

    /**
     * The length of the body's one {@code ay} argument, or -1 when the body is not exactly one byte array (its
     * signature is not checked here, see {@link #signatureIs}).
     */
    public int byteArrayLength() {
        if (bodyLength < 4) {
            return -1;
        }
        int n = u32(bodyStart);
        return n >= 0 && n == bodyLength - 4 ? n : -1;
    }

    /** The body's one byte array, copied out; null when it is not one ({@link #byteArrayLength}). */
    public byte[] byteArrayBody() {
        int n = byteArrayLength();
        if (n < 0) {
            return null;
        }
        byte[] bytes = new byte[n];
        buffer.get(bodyStart + 4, bytes);
        return bytes;
    }

    /** True when the body is one byte array equal to {@code expected}, compared in place (no copy). */
    public boolean byteArrayBodyEquals(byte[] expected) {
        return byteArrayLength() == expected.length
            && buffer.slice(bodyStart + 4, expected.length).mismatch(ByteBuffer.wrap(expected)) < 0;
    }

    /** Puts the body's byte array ({@link #byteArrayLength} bytes) at {@code into}'s position, advancing it. */
    void copyByteArrayTo(ByteBuffer into) {
        int n = byteArrayLength();
        into.put(into.position(), buffer, bodyStart + 4, n);
        into.position(into.position() + n);
    }

    public int bodyLength() {
        return bodyLength;
    }

    private int u32(int index) {
        int raw = buffer.getInt(index);
        return buffer.order() == java.nio.ByteOrder.LITTLE_ENDIAN ? raw : Integer.reverseBytes(raw);
    }

    static int align(int offset, int to) {
        return (offset + to - 1) & -to;
    }
}
