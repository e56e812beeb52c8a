package org.dbuslab.lean;

import java.nio.charset.StandardCharsets;

/**
 * Marshals a METHOD_CALL message whose arguments are strings (D-Bus specification, "Message Format"): little-endian,
 * the 12-byte fixed header (endianness 'l', type, flags, version 1, body length, serial), the header field array
 * a(yv) with each struct on an 8-byte boundary, padding to 8, then the body. Fields in sd-bus's order (PATH, MEMBER,
 * INTERFACE, DESTINATION, SIGNATURE), so Hello and the products call are byte for byte what busctl sends.
 */
final class MessageWriter {

    static final byte METHOD_CALL = 1;
    static final byte FIELD_PATH = 1;
    static final byte FIELD_INTERFACE = 2;
    static final byte FIELD_MEMBER = 3;
    static final byte FIELD_DESTINATION = 6;
    static final byte FIELD_SIGNATURE = 8;

    private byte[] buf = new byte[512];
    private int len;

    private MessageWriter() {
    }

    /** A method call with no flags whose body is {@code stringArgs} (signature "s" per argument, none when empty). */
    static byte[] methodCall(int serial, String destination, String path, String iface, String member,
                             String... stringArgs) {
        MessageWriter w = new MessageWriter();
        w.u8('l');
        w.u8(METHOD_CALL);
        w.u8(0);
        w.u8(1);
        w.u32(0); // body length, set below
        w.u32(serial);
        w.u32(0); // header field array length, set below
        int fieldsStart = w.len; // 16: already 8-aligned, where the first struct starts
        w.field(FIELD_PATH, 'o', path);
        w.field(FIELD_MEMBER, 's', member);
        w.field(FIELD_INTERFACE, 's', iface);
        w.field(FIELD_DESTINATION, 's', destination);
        if (stringArgs.length > 0) {
            w.align(8);
            w.u8(FIELD_SIGNATURE);
            w.signature("g");
            w.signature("s".repeat(stringArgs.length));
        }
        w.put32(12, w.len - fieldsStart);
        w.align(8);
        int bodyStart = w.len;
        for (String arg : stringArgs) {
            w.string(arg);
        }
        w.put32(4, w.len - bodyStart);
        byte[] out = new byte[w.len];
        System.arraycopy(w.buf, 0, out, 0, w.len);
        return out;
    }

    private void field(byte code, char type, String value) {
        align(8);
        u8(code);
        signature(type == 'o' ? "o" : "s");
        string(value);
    }

    /** STRING or OBJECT_PATH: u32 byte length (4-aligned), UTF-8 bytes, NUL. */
    private void string(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        align(4);
        u32(bytes.length);
        put(bytes);
        u8(0);
    }

    /** SIGNATURE: one length byte, ASCII, NUL. */
    private void signature(String s) {
        u8(s.length());
        put(s.getBytes(StandardCharsets.US_ASCII));
        u8(0);
    }

    private void align(int n) {
        while (len % n != 0) {
            u8(0);
        }
    }

    private void u8(int b) {
        room(1);
        buf[len++] = (byte) b;
    }

    private void u32(int v) {
        room(4);
        put32(len, v);
        len += 4;
    }

    private void put32(int at, int v) {
        buf[at] = (byte) v;
        buf[at + 1] = (byte) (v >>> 8);
        buf[at + 2] = (byte) (v >>> 16);
        buf[at + 3] = (byte) (v >>> 24);
    }

    private void put(byte[] bytes) {
        room(bytes.length);
        System.arraycopy(bytes, 0, buf, len, bytes.length);
        len += bytes.length;
    }

    private void room(int n) {
        if (len + n > buf.length) {
            byte[] bigger = new byte[Math.max(buf.length * 2, len + n)];
            System.arraycopy(buf, 0, bigger, 0, len);
            buf = bigger;
        }
    }
}
