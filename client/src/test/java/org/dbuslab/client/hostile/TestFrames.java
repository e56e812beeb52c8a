package org.dbuslab.client.hostile;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Just enough of the D-Bus wire format for a fake peer written by hand: reading a call's serial, member and body,
 * and writing method returns and errors in the call's byte order. Deliberately independent of dbus-java, so the
 * peer can produce what dbus-java would never produce.
 */
final class TestFrames {

    static final int PREFIX = 16;
    static final byte METHOD_RETURN = 2;
    static final byte ERROR = 3;

    private TestFrames() {
    }

    /** One message as read off the socket. */
    record Call(ByteOrder order, long serial, String member, byte[] body) {
    }

    static ByteOrder order(byte endian) {
        return endian == 'l' ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    }

    /** Total length of the message whose first 16 bytes are {@code prefix}. */
    static long length(byte[] prefix) {
        ByteBuffer b = ByteBuffer.wrap(prefix).order(order(prefix[0]));
        long body = Integer.toUnsignedLong(b.getInt(4));
        long fields = Integer.toUnsignedLong(b.getInt(12));
        return PREFIX + ((fields + 7) & ~7L) + body;
    }

    /** Parses a whole message (the peer only needs the serial, the member name and the body). */
    static Call parse(byte[] message) {
        ByteBuffer b = ByteBuffer.wrap(message).order(order(message[0]));
        long bodyLength = Integer.toUnsignedLong(b.getInt(4));
        long serial = Integer.toUnsignedLong(b.getInt(8));
        int fieldsLength = b.getInt(12);
        String member = null;
        int at = PREFIX;
        int end = PREFIX + fieldsLength;
        while (at < end) {
            at = (at + 7) & ~7;
            byte code = b.get(at);
            int sigLength = b.get(at + 1);
            byte type = b.get(at + 2);
            at += 3 + sigLength; // code, signature length, signature, its nul
            switch (type) {
                case 's', 'o' -> {
                    at = (at + 3) & ~3;
                    int length = b.getInt(at);
                    String value = new String(message, at + 4, length, StandardCharsets.UTF_8);
                    if (code == 3) {
                        member = value;
                    }
                    at += 4 + length + 1;
                }
                case 'g' -> at += 1 + (b.get(at) & 0xff) + 1;
                case 'u' -> at = ((at + 3) & ~3) + 4;
                default -> throw new IllegalArgumentException("header field of type " + (char) type);
            }
        }
        byte[] body = new byte[(int) bodyLength];
        System.arraycopy(message, message.length - body.length, body, 0, body.length);
        return new Call(order(message[0]), serial, member, body);
    }

    /** A method return for {@code call}: {@code signature} null means no body. */
    static byte[] methodReturn(Call call, int serial, String signature, byte[] body) {
        Fields fields = new Fields(call.order());
        fields.uint32(5, call.serial());
        if (signature != null) {
            fields.signature(8, signature);
        }
        return message(call.order(), METHOD_RETURN, serial, fields, body == null ? new byte[0] : body);
    }

    /** The echo reply the lab's server would send: the call's own body, signature ay. */
    static byte[] echoReply(Call call, int serial) {
        return methodReturn(call, serial, "ay", call.body());
    }

    /** An error reply named {@code name}, with a string message. */
    static byte[] error(Call call, int serial, String name, String text) {
        Fields fields = new Fields(call.order());
        fields.string(4, 's', name);
        fields.uint32(5, call.serial());
        fields.signature(8, "s");
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        ByteBuffer body = ByteBuffer.allocate(4 + utf8.length + 1).order(call.order());
        body.putInt(utf8.length).put(utf8).put((byte) 0);
        return message(call.order(), ERROR, serial, fields, body.array());
    }

    private static byte[] message(ByteOrder order, byte type, int serial, Fields fields, byte[] body) {
        byte[] f = fields.bytes();
        int padded = (f.length + 7) & ~7;
        ByteBuffer b = ByteBuffer.allocate(PREFIX + padded + body.length).order(order);
        b.put(order == ByteOrder.LITTLE_ENDIAN ? (byte) 'l' : (byte) 'B').put(type).put((byte) 1).put((byte) 1);
        b.putInt(body.length).putInt(serial).putInt(f.length).put(f);
        b.position(PREFIX + padded);
        b.put(body);
        return b.array();
    }

    /** The header-field array, each field aligned to 8 as its struct requires. */
    private static final class Fields {
        private final ByteOrder order;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Fields(ByteOrder order) {
            this.order = order;
        }

        void uint32(int code, long value) {
            start(code, 'u');
            pad(4);
            write(ByteBuffer.allocate(4).order(order).putInt((int) value).array());
        }

        void string(int code, char type, String value) {
            start(code, type);
            pad(4);
            byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
            write(ByteBuffer.allocate(4).order(order).putInt(utf8.length).array());
            write(utf8);
            out.write(0);
        }

        void signature(int code, String value) {
            start(code, 'g');
            out.write(value.length());
            write(value.getBytes(StandardCharsets.US_ASCII));
            out.write(0);
        }

        private void start(int code, char type) {
            pad(8);
            out.write(code);
            out.write(1);
            out.write(type);
            out.write(0);
        }

        private void pad(int to) {
            while (out.size() % to != 0) {
                out.write(0);
            }
        }

        private void write(byte[] bytes) {
            out.write(bytes, 0, bytes.length);
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }
}
