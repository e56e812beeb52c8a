package org.dbuslab.lean;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;

/**
 * Splits the bytes a connection receives into the server's SASL line and then whole messages (D-Bus specification,
 * "Message Format"), in either byte order. The fixed header gives a message's length: 16 bytes, the header field
 * array padded to 8, the body. {@link #fill} reads more from the channel; {@link #feed} gives bytes directly (tests).
 */
final class MessageReader {

    /** The specification's maximum message length, 128 MiB. */
    static final int MAX_MESSAGE = 134_217_728;
    private static final int MAX_LINE = 16_384;

    static final int FIELD_PATH = 1;
    static final int FIELD_INTERFACE = 2;
    static final int FIELD_MEMBER = 3;
    static final int FIELD_ERROR_NAME = 4;
    static final int FIELD_REPLY_SERIAL = 5;
    static final int FIELD_DESTINATION = 6;
    static final int FIELD_SENDER = 7;
    static final int FIELD_SIGNATURE = 8;

    private byte[] buf;
    private int start;
    private int end;

    MessageReader(int capacity) {
        buf = new byte[capacity];
    }

    /** Reads what the channel has (blocking until some arrives); false at end of stream. */
    boolean fill(ReadableByteChannel channel) throws IOException {
        room(1);
        int n = channel.read(ByteBuffer.wrap(buf, end, buf.length - end));
        if (n < 0) {
            return false;
        }
        end += n;
        return true;
    }

    void feed(byte[] bytes, int from, int length) {
        room(length);
        System.arraycopy(bytes, from, buf, end, length);
        end += length;
    }

    /** The next CR LF terminated line (without CR LF), or null until it is complete. */
    String line() throws Failure {
        for (int i = start; i + 1 < end; i++) {
            if (buf[i] == '\r' && buf[i + 1] == '\n') {
                String line = new String(buf, start, i - start, StandardCharsets.US_ASCII);
                start = i + 2;
                return line;
            }
        }
        if (end - start > MAX_LINE) {
            throw new Failure("no line end in the first " + MAX_LINE + " bytes the bus sent");
        }
        return null;
    }

    /** The next whole message, or null until all of it has arrived. */
    Message next() throws Failure {
        if (end - start < 16) {
            return null;
        }
        boolean big;
        if (buf[start] == 'l') {
            big = false;
        } else if (buf[start] == 'B') {
            big = true;
        } else {
            throw Cursor.malformed("endianness byte 0x" + Integer.toHexString(buf[start] & 0xff));
        }
        long bodyLength = Cursor.u32At(buf, start + 4, big) & 0xffffffffL;
        long fieldsLength = Cursor.u32At(buf, start + 12, big) & 0xffffffffL;
        long total = ((16 + fieldsLength + 7) & -8L) + bodyLength;
        if (total > MAX_MESSAGE) {
            throw Cursor.malformed("length " + total + " above the maximum " + MAX_MESSAGE);
        }
        if (end - start < total) {
            room((int) total - (end - start));
            return null;
        }
        byte[] bytes = new byte[(int) total];
        System.arraycopy(buf, start, bytes, 0, bytes.length);
        start += bytes.length;
        return parse(bytes, (int) fieldsLength, (int) bodyLength);
    }

    private static Message parse(byte[] bytes, int fieldsLength, int bodyLength) throws Failure {
        boolean big = bytes[0] == 'B';
        if (bytes[3] != 1) {
            throw Cursor.malformed("protocol version " + bytes[3]);
        }
        Cursor c = new Cursor(bytes, 8, 16 + fieldsLength, big);
        int serial = c.u32();
        c.u32();
        int bodyStart = (16 + fieldsLength + 7) & -8;
        Message m = new Message(bytes, big, bytes[1] & 0xff, serial, bodyStart, bodyLength);
        while (!c.atEnd()) {
            c.align(8);
            int code = c.u8();
            String type = c.signature();
            if (type.length() != 1) {
                throw Cursor.malformed("header field " + code + " of type '" + type + "'");
            }
            char t = type.charAt(0);
            switch (code) {
                case FIELD_REPLY_SERIAL:
                    m.replySerial = expect(t, 'u', code) ? c.u32() : 0;
                    break;
                case FIELD_ERROR_NAME:
                    m.errorName = expect(t, 's', code) ? c.string() : null;
                    break;
                case FIELD_MEMBER:
                    m.member = expect(t, 's', code) ? c.string() : null;
                    break;
                case FIELD_SENDER:
                    m.sender = expect(t, 's', code) ? c.string() : null;
                    break;
                case FIELD_SIGNATURE:
                    m.signature = expect(t, 'g', code) ? c.signature() : "";
                    break;
                default:
                    c.skipBasic(t);
            }
        }
        new Cursor(bytes, 16 + fieldsLength, bodyStart, big).align(8);
        return m;
    }

    private static boolean expect(char type, char wanted, int code) throws Failure {
        if (type != wanted) {
            throw Cursor.malformed("header field " + code + " of type '" + type + "', not '" + wanted + "'");
        }
        return true;
    }

    /** Makes room for n more bytes: drops what was consumed, grows when that is not enough. */
    private void room(int n) {
        if (buf.length - end >= n) {
            return;
        }
        int have = end - start;
        byte[] to = have + n <= buf.length ? buf : new byte[Math.max(buf.length * 2, have + n)];
        System.arraycopy(buf, start, to, 0, have);
        buf = to;
        start = 0;
        end = have;
    }
}
