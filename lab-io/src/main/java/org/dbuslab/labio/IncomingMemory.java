package org.dbuslab.labio;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bounds the memory that incoming messages may take, so a peer that claims a huge body (or many peers at once)
 * cannot make the process allocate what they never send: a cap per connection (the largest message one
 * connection may send, and so the most its read buffer may grow to) and a budget across all connections of the
 * process. A reader's first {@link #UNCOUNTED_BYTES} are not counted (every connection has them); what its
 * buffer grows beyond is. A connection over either limit fails its read with an {@link OverLimit}, and its owner
 * closes it.
 */
public final class IncomingMemory {

    /** The D-Bus specification's limit on a whole message: no valid message is refused by default. */
    public static final long DEFAULT_MAX_MESSAGE_BYTES = 128L * 1024 * 1024;
    /** Two messages of the largest size at once, across all connections. */
    public static final long DEFAULT_MAX_INCOMING_BYTES = 256L * 1024 * 1024;
    /** Each reader's initial buffer, which no connection can do without and which is not counted. */
    static final int UNCOUNTED_BYTES = 64 * 1024;

    private static volatile long maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES;
    private static volatile long maxIncomingBytes = DEFAULT_MAX_INCOMING_BYTES;
    private static final AtomicLong IN_USE = new AtomicLong();

    private IncomingMemory() {
    }

    /** Sets both limits for connections of this process (readers check them on every growth). */
    public static void limit(long maxMessageBytesPerConnection, long maxIncomingBytesInAll) {
        if (maxMessageBytesPerConnection < 1 || maxIncomingBytesInAll < 1) {
            throw new IllegalArgumentException("memory limits must be positive");
        }
        maxMessageBytes = maxMessageBytesPerConnection;
        maxIncomingBytes = maxIncomingBytesInAll;
    }

    /** Bytes the readers of this process hold beyond their uncounted first buffers. */
    public static long inUse() {
        return IN_USE.get();
    }

    static long maxMessageBytes() {
        return maxMessageBytes;
    }

    /** A read refused because the connection went over a memory limit; the connection cannot go on. */
    public static final class OverLimit extends IOException {
        OverLimit(String message) {
            super(message);
        }
    }

    /** Fails when a message of {@code length} bytes is larger than one connection may send. */
    static void checkMessageLength(long length) throws OverLimit {
        long max = maxMessageBytes;
        if (length > max) {
            throw new OverLimit("a message of " + length + " bytes is over the limit of " + max
                + " bytes per connection");
        }
    }

    /** One connection's share of the budget: the bytes its buffer holds beyond {@link #UNCOUNTED_BYTES}. */
    static final class Share {
        private long held;

        /** Records that the buffer now has {@code capacity} bytes; fails (holding as before) when over budget. */
        synchronized void resize(long capacity) throws OverLimit {
            long wanted = Math.max(0, capacity - UNCOUNTED_BYTES);
            long delta = wanted - held;
            if (delta > 0) {
                long max = maxIncomingBytes;
                long now;
                do {
                    now = IN_USE.get();
                    if (now + delta > max) {
                        throw new OverLimit("incoming messages would hold " + (now + delta) + " bytes, over the budget of "
                            + max + " bytes across connections");
                    }
                } while (!IN_USE.compareAndSet(now, now + delta));
            } else {
                IN_USE.addAndGet(delta);
            }
            held = wanted;
        }

        /** Gives everything back (the connection is over); safe to call more than once. */
        synchronized void releaseAll() {
            IN_USE.addAndGet(-held);
            held = 0;
        }
    }
}
