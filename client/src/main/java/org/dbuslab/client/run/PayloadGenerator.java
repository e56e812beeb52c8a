package org.dbuslab.client.run;

import java.util.SplittableRandom;

/**
 * Payloads that differ from call to call, so a swapped, stale or corrupted reply cannot pass verification.
 * Each run gets random bytes from its own seed; each call stamps its sequence number at both ends of that
 * base. Making a payload costs one array copy, not a fresh random fill, so it barely touches the timing.
 */
public final class PayloadGenerator {

    private static final int STAMP_BYTES = Long.BYTES;
    /**
     * The smallest payload that carries its call's whole sequence number: with fewer bytes calls far enough apart
     * get the same payload, and a reply swapped between them would pass verification.
     */
    public static final int MIN_SIZE = STAMP_BYTES;

    private final byte[] base;

    public PayloadGenerator(int size, long seed) {
        if (size < 0) {
            throw new IllegalArgumentException("payload size must be >= 0, was " + size);
        }
        base = new byte[size];
        new SplittableRandom(seed).nextBytes(base);
    }

    public int size() {
        return base.length;
    }

    /** The payload of call {@code sequence}: a fresh array the caller may keep. */
    public byte[] payload(long sequence) {
        return payloadInto(new byte[base.length], sequence);
    }

    /** The payload of call {@code sequence}, written over TARGET (exactly {@link #size()} bytes), which it returns. */
    public byte[] payloadInto(byte[] target, long sequence) {
        if (target.length != base.length) {
            throw new IllegalArgumentException("target holds " + target.length + " bytes, the payload " + base.length);
        }
        System.arraycopy(base, 0, target, 0, base.length);
        stamp(target, 0, sequence);
        if (target.length >= 2 * STAMP_BYTES) {
            stamp(target, target.length - STAMP_BYTES, ~sequence);
        }
        return target;
    }

    /** Big-endian sequence number, truncated to what fits (payloads under 8 bytes carry its low bytes). */
    private static void stamp(byte[] payload, int offset, long value) {
        int length = Math.min(STAMP_BYTES, payload.length - offset);
        for (int i = 0; i < length; i++) {
            payload[offset + i] = (byte) (value >>> (8 * (length - 1 - i)));
        }
    }
}
