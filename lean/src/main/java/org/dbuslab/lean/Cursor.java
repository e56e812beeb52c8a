package org.dbuslab.lean;

import java.nio.charset.StandardCharsets;

/**
 * Reads D-Bus wire values from one whole message (index 0 = the message's first byte, which is what alignment is
 * relative to) in the message's byte order. Every read is bounds-checked: a malformed message is a {@link Failure}.
 */
final class Cursor {

    private final byte[] data;
    private final boolean bigEndian;
    private final int end;
    private int pos;

    Cursor(byte[] data, int pos, int end, boolean bigEndian) {
        this.data = data;
        this.pos = pos;
        this.end = end;
        this.bigEndian = bigEndian;
    }

    int position() {
        return pos;
    }

    boolean atEnd() {
        return pos >= end;
    }

    /** Skips the padding to the next multiple of n; padding bytes must be 0. */
    void align(int n) throws Failure {
        int to = (pos + n - 1) & -n;
        need(to - pos);
        while (pos < to) {
            if (data[pos++] != 0) {
                throw malformed("non-zero padding");
            }
        }
    }

    int u8() throws Failure {
        need(1);
        return data[pos++] & 0xff;
    }

    /** UINT32 (4-aligned); values above Integer.MAX_VALUE come back negative. */
    int u32() throws Failure {
        align(4);
        need(4);
        int v = u32At(data, pos, bigEndian);
        pos += 4;
        return v;
    }

    /** The four bytes at {@code at} as a UINT32 in the given byte order (no alignment, no bounds check). */
    static int u32At(byte[] data, int at, boolean bigEndian) {
        int b0 = data[at] & 0xff;
        int b1 = data[at + 1] & 0xff;
        int b2 = data[at + 2] & 0xff;
        int b3 = data[at + 3] & 0xff;
        return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0;
    }

    /** STRING or OBJECT_PATH: u32 length, UTF-8 bytes, NUL. */
    String string() throws Failure {
        int length = u32();
        if (length < 0) {
            throw malformed("string length " + Integer.toUnsignedString(length));
        }
        return text(length);
    }

    /** SIGNATURE: length byte, ASCII, NUL. */
    String signature() throws Failure {
        return text(u8());
    }

    /** Skips one value of a basic type (the header fields a reader does not need). */
    void skipBasic(char type) throws Failure {
        switch (type) {
            case 'y':
                need(1);
                pos++;
                break;
            case 'n':
            case 'q':
                align(2);
                need(2);
                pos += 2;
                break;
            case 'b':
            case 'i':
            case 'u':
            case 'h':
                u32();
                break;
            case 'x':
            case 't':
            case 'd':
                align(8);
                need(8);
                pos += 8;
                break;
            case 's':
            case 'o':
                string();
                break;
            case 'g':
                signature();
                break;
            default:
                throw malformed("header field of unsupported type '" + type + "'");
        }
    }

    private String text(int length) throws Failure {
        need(length + 1);
        if (data[pos + length] != 0) {
            throw malformed("string without its NUL");
        }
        String s = new String(data, pos, length, StandardCharsets.UTF_8);
        pos += length + 1;
        return s;
    }

    private void need(int n) throws Failure {
        if (n < 0 || n > end - pos) {
            throw malformed("truncated at byte " + pos);
        }
    }

    static Failure malformed(String what) {
        return new Failure("malformed D-Bus message: " + what);
    }
}
