package org.dbuslab.server.faults;

import org.freedesktop.dbus.exceptions.DBusException;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

/**
 * Makes fuzz cases for the server's message reader from valid Echo calls (dbus-java's marshalling): mutated
 * header fields, lengths, signatures, alignment and byte order, and plain random bytes before and after SASL.
 * Everything comes from one {@link Random}, so a seed reproduces the whole sequence.
 */
final class Mutator {

    /** One case: the bytes to send, whether to authenticate first, and whether the server must close. */
    record Case(String kind, boolean authenticate, byte[] bytes, boolean mustClose) {
    }

    private static final String SIGNATURE_CHARS = "aybnqiuxtdsogvh(){}\0";

    private final Random random;
    private final long maxMessageBytes;

    Mutator(Random random, long maxMessageBytes) {
        this.random = random;
        this.maxMessageBytes = maxMessageBytes;
    }

    Case next() throws DBusException {
        byte endianness = random.nextBoolean() ? (byte) 'l' : (byte) 'B';
        byte[] payload = new byte[random.nextInt(300)];
        random.nextBytes(payload);
        byte[] valid = WireMessages.echoCall(endianness, payload);
        byte[] m = valid.clone();
        ByteBuffer header = ByteBuffer.wrap(m).order(endianness == 'l' ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        int fieldsEnd = 16 + header.getInt(12);
        switch (random.nextInt(15)) {
            case 0 -> {
                for (int i = 1 + random.nextInt(4); i > 0; i--) {
                    m[random.nextInt(m.length)] ^= (byte) (1 + random.nextInt(255));
                }
                return new Case("flipped bytes", true, m, false);
            }
            case 1 -> {
                m[0] = randomExcept('l', 'B');
                return new Case("byte order", true, m, true);
            }
            case 2 -> {
                m[3] = (byte) (random.nextBoolean() ? 0 : 2 + random.nextInt(254));
                return new Case("protocol version", true, m, true);
            }
            case 3 -> {
                long body = randomLength(header.getInt(4));
                header.putInt(4, (int) body);
                return new Case("body length", true, m, overCap(header.getInt(12), body));
            }
            case 4 -> {
                long fields = randomLength(header.getInt(12));
                header.putInt(12, (int) fields);
                return new Case("header-field length", true, m, overCap(fields, header.getInt(4)));
            }
            case 5 -> {
                m[1] = (byte) random.nextInt(256);
                return new Case("message type", true, m, false);
            }
            case 6 -> {
                m[2] = (byte) random.nextInt(256);
                return new Case("flags", true, m, false);
            }
            case 7 -> {
                for (int i = 1 + random.nextInt(3); i > 0; i--) {
                    m[16 + random.nextInt(fieldsEnd - 16)] = (byte) SIGNATURE_CHARS.charAt(random.nextInt(SIGNATURE_CHARS.length()));
                }
                return new Case("header fields and signatures", true, m, false);
            }
            case 8 -> {
                int at = 16 + random.nextInt(fieldsEnd - 16);
                byte[] pad = new byte[1 + random.nextInt(7)];
                random.nextBytes(pad);
                return new Case("alignment", true, concat(Arrays.copyOf(m, at), pad, Arrays.copyOfRange(m, at, m.length)), false);
            }
            case 9 -> {
                return new Case("truncated", true, Arrays.copyOf(m, random.nextInt(m.length)), false);
            }
            case 10 -> {
                header.putInt(8, 0);
                return new Case("serial 0", true, m, true);
            }
            case 11 -> {
                return new Case("random after SASL", true, randomBytes(1 + random.nextInt(4096)), false);
            }
            case 12 -> {
                return new Case("random instead of SASL", false, randomBytes(1 + random.nextInt(4096)), false);
            }
            case 13 -> {
                byte[] line = new byte[random.nextInt(200)];
                for (int i = 0; i < line.length; i++) {
                    line[i] = (byte) (32 + random.nextInt(95));
                }
                return new Case("SASL garbage", false, concat("\0AUTH ".getBytes(StandardCharsets.US_ASCII), line,
                    "\r\n".getBytes(StandardCharsets.US_ASCII)), false);
            }
            default -> {
                m[random.nextInt(m.length)] ^= (byte) (1 + random.nextInt(255));
                return new Case("valid then mutated", true, concat(valid, m), false);
            }
        }
    }

    /** Lengths that matter to a reader: 0, near the true one, over the cap, and anything up to 2^32-1. */
    private long randomLength(int real) {
        return switch (random.nextInt(5)) {
            case 0 -> 0;
            case 1 -> Math.max(0, real + random.nextInt(17) - 8);
            case 2 -> maxMessageBytes + random.nextInt(1024);
            case 3 -> 0xFFFF_FFFFL - random.nextInt(16);
            default -> random.nextLong() & 0xFFFF_FFFFL;
        };
    }

    /** The reader must refuse at once a message whose claimed length is over the cap (or over D-Bus's 128 MiB). */
    private boolean overCap(long fieldsLength, long bodyLength) {
        long total = 16 + ((Integer.toUnsignedLong((int) fieldsLength) + 7) & ~7L) + Integer.toUnsignedLong((int) bodyLength);
        return total > Math.min(maxMessageBytes, 128L * 1024 * 1024);
    }

    private byte randomExcept(char a, char b) {
        byte value;
        do {
            value = (byte) random.nextInt(256);
        } while (value == a || value == b);
        return value;
    }

    private byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
