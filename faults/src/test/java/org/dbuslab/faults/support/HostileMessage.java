package org.dbuslab.faults.support;

import org.dbuslab.api.EchoContract;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A well-formed D-Bus method-call header (little endian, Echo(ay) on the lab's object) that claims a body of any
 * length: what a hostile peer sends to make a reader allocate memory it will never fill.
 */
public final class HostileMessage {

    private HostileMessage() {
    }

    public static byte[] echoHeaderClaiming(long bodyLength, int serial) {
        Encoder e = new Encoder();
        e.bytes('l', 1, 0, 1);
        e.uint32(bodyLength);
        e.uint32(serial);
        Encoder fields = new Encoder(16); // offsets count from the message start: the array body starts at 16
        fields.field(1, "o", EchoContract.OBJECT_PATH);
        fields.field(2, "s", EchoContract.INTERFACE);
        fields.field(3, "s", "Echo");
        fields.signatureField(8, "ay");
        byte[] array = fields.toByteArray();
        e.uint32(array.length);
        e.raw(array);
        e.align(8);
        return e.toByteArray();
    }

    /** Marshals with D-Bus alignment, counted from {@code origin} (the message offset of its first byte). */
    private static final class Encoder {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final int origin;

        Encoder() {
            this(0);
        }

        Encoder(int origin) {
            this.origin = origin;
        }

        void bytes(int... values) {
            for (int v : values) {
                out.write(v);
            }
        }

        void raw(byte[] data) {
            out.writeBytes(data);
        }

        void align(int n) {
            while ((origin + out.size()) % n != 0) {
                out.write(0);
            }
        }

        void uint32(long v) {
            align(4);
            out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) v).array());
        }

        void string(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            uint32(b.length);
            raw(b);
            out.write(0);
        }

        void signature(String s) {
            out.write(s.length());
            raw(s.getBytes(StandardCharsets.US_ASCII));
            out.write(0);
        }

        /** A header field: struct (byte code, variant) with a string-like value of type {@code type}. */
        void field(int code, String type, String value) {
            align(8);
            out.write(code);
            signature(type);
            string(value);
        }

        void signatureField(int code, String value) {
            align(8);
            out.write(code);
            signature("g");
            signature(value);
        }

        byte[] toByteArray() {
            return out.toByteArray();
        }
    }
}
