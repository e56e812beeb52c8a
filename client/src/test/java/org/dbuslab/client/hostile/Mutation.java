package org.dbuslab.client.hostile;

import java.nio.ByteBuffer;
import java.util.Random;

/**
 * What a hostile peer does to the correct echo reply ({@link TestFrames#echoReply}: fixed header, REPLY_SERIAL at
 * 16, SIGNATURE "ay" at 24, body at 32). {@link #surelyFails} marks the mutations no correct client can take for a
 * verified echo; the others (a flipped padding byte, a duplicate) may be harmless.
 */
enum Mutation {
    FLIP_BYTES(false), BODY_LENGTH(false), FIELDS_LENGTH(false), SIGNATURE(false), ENDIAN_TYPE_VERSION(false),
    REPLY_SERIAL(false), TRUNCATE_AND_HANG_UP(true), RANDOM_BYTES(true), DUPLICATE(false), MISALIGN_BODY(false),
    ARRAY_LENGTH(false), PAYLOAD_BYTE(true), ERROR_REPLY(true), NO_REPLY(true), STALL(true), HANG_UP(true);

    /** Body lengths and array lengths a hostile header may claim. */
    private static final long[] CLAIMS = {0, 1, 3, 7, 0x7fff_ffffL, 0xffff_ffffL, 127L << 20, 128L << 20, 1L << 30};

    private final boolean surelyFails;

    Mutation(boolean surelyFails) {
        this.surelyFails = surelyFails;
    }

    boolean surelyFails() {
        return surelyFails;
    }

    /**
     * The bytes to write instead of {@code reply} for {@code call}; null writes nothing.
     *
     * @throws FakePeer.Hangup or {@link FakePeer.Stall} for the mutations that end or freeze the connection
     */
    byte[] apply(byte[] reply, TestFrames.Call call, int serial, Random random) throws java.io.IOException {
        byte[] m = reply.clone();
        ByteBuffer b = ByteBuffer.wrap(m).order(call.order());
        switch (this) {
            case FLIP_BYTES -> {
                for (int i = 1 + random.nextInt(4); i > 0; i--) {
                    m[random.nextInt(m.length)] ^= (byte) (1 + random.nextInt(255));
                }
            }
            case BODY_LENGTH -> b.putInt(4, (int) claim(random, m.length));
            case FIELDS_LENGTH -> b.putInt(12, (int) claim(random, m.length));
            case SIGNATURE -> {
                String types = "aybnqiuxtdsogv{}()h";
                m[29] = (byte) types.charAt(random.nextInt(types.length()));
                m[30] = (byte) types.charAt(random.nextInt(types.length()));
                if (random.nextBoolean()) {
                    m[28] = (byte) random.nextInt(256); // the signature's own length
                }
            }
            case ENDIAN_TYPE_VERSION -> m[random.nextInt(4)] = (byte) random.nextInt(256);
            case REPLY_SERIAL -> b.putInt(20, random.nextBoolean() ? 0 : (int) (call.serial() + random.nextInt(9) - 4));
            case TRUNCATE_AND_HANG_UP -> {
                byte[] part = new byte[1 + random.nextInt(m.length - 1)];
                System.arraycopy(m, 0, part, 0, part.length);
                throw new FakePeer.Hangup(part);
            }
            case RANDOM_BYTES -> {
                m = new byte[1 + random.nextInt(4096)];
                random.nextBytes(m);
            }
            case DUPLICATE -> {
                byte[] twice = new byte[m.length * 2];
                System.arraycopy(m, 0, twice, 0, m.length);
                System.arraycopy(m, 0, twice, m.length, m.length);
                m = twice;
            }
            case MISALIGN_BODY -> {
                byte[] shifted = new byte[m.length + 1];
                System.arraycopy(m, 0, shifted, 0, 32);
                System.arraycopy(m, 32, shifted, 33, m.length - 32);
                ByteBuffer.wrap(shifted).order(call.order()).putInt(4, m.length - 32 + (random.nextBoolean() ? 1 : 0));
                m = shifted;
            }
            case ARRAY_LENGTH -> b.putInt(32, (int) claim(random, m.length));
            case PAYLOAD_BYTE -> m[36 + random.nextInt(m.length - 36)] ^= (byte) (1 + random.nextInt(255));
            case ERROR_REPLY -> m = TestFrames.error(call, serial, "org.freedesktop.DBus.Error.Failed", "fuzzed");
            case NO_REPLY -> m = null;
            case STALL -> throw new FakePeer.Stall();
            case HANG_UP -> throw new FakePeer.Hangup(new byte[0]);
        }
        return m;
    }

    private static long claim(Random random, int actual) {
        return random.nextInt(3) == 0 ? actual + random.nextInt(64) - 32 : CLAIMS[random.nextInt(CLAIMS.length)];
    }

}
