package org.dbuslab.scale.relay;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One direction of a relayed connection: a reader thread stamps every chunk it reads with System.nanoTime() and
 * queues it; a writer thread forwards each chunk once it has been held for the delay. One FIFO queue per
 * direction and due times that only grow keep the order. Memory is bounded in bytes: when {@code budgetBytes}
 * are queued the reader stops reading, and the socket's own flow control holds the sender back.
 */
final class DelayLine {

    /** Largest chunk one read takes. */
    static final int CHUNK_BYTES = 64 * 1024;
    /** What a queued chunk costs beyond its bytes (object headers, queue node), counted against the budget. */
    private static final int CHUNK_OVERHEAD = 64;
    /** A budget must hold at least one full chunk, or the reader could never read. */
    static final int MIN_BUDGET_BYTES = CHUNK_BYTES + CHUNK_OVERHEAD;

    /** A chunk of bytes due at {@code dueNanos}; null bytes = the source's end of stream. */
    private record Chunk(byte[] bytes, long dueNanos) {
        int cost() {
            return (bytes == null ? 0 : bytes.length) + CHUNK_OVERHEAD;
        }
    }

    /** What the connection hears from its lines. */
    interface Listener {
        /** The end of stream has been forwarded (the destination's output is shut down). */
        void finished(DelayLine line);

        /** Reading or writing failed: the connection must be torn down. */
        void failed(DelayLine line, IOException e);
    }

    private final String name;
    private final Endpoint from;
    private final Endpoint destination;
    private final long delayNanos;
    private final long spinNanos;
    private final Semaphore budget;
    private final int budgetBytes;
    private final LinkedBlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
    private final AtomicLong forwarded;
    private final Listener listener;
    private final Thread reader;
    private final Thread writer;

    DelayLine(String name, Endpoint source, Endpoint destination, DelaySettings settings, AtomicLong forwarded,
              Listener listener) {
        int budgetBytes = settings.budgetBytes();
        this.name = name;
        this.from = source;
        this.destination = destination;
        this.delayNanos = settings.delayNanos();
        this.spinNanos = settings.spinNanos();
        this.budget = new Semaphore(budgetBytes);
        this.budgetBytes = budgetBytes;
        this.forwarded = forwarded;
        this.listener = listener;
        this.reader = new Thread(this::readLoop, name + "-read");
        this.writer = new Thread(this::writeLoop, name + "-write");
        reader.setDaemon(true);
        writer.setDaemon(true);
    }

    void start() {
        writer.start();
        reader.start();
    }

    /** Bytes read but not yet forwarded, with their per-chunk overhead. */
    long queuedBytes() {
        return budgetBytes - budget.availablePermits();
    }

    /** Stops both threads (the sockets are closed by the connection, which unblocks their I/O). */
    void interrupt() {
        reader.interrupt();
        writer.interrupt();
    }

    void join(long millis) throws InterruptedException {
        reader.join(millis);
        writer.join(millis);
    }

    private void readLoop() {
        byte[] buffer = new byte[CHUNK_BYTES];
        try {
            while (true) {
                // The budget is taken before the read, so a full queue stops reading, not just queueing.
                budget.acquire(CHUNK_BYTES + CHUNK_OVERHEAD);
                int n = from.read(buffer);
                long now = System.nanoTime();
                Chunk chunk = new Chunk(n < 0 ? null : Arrays.copyOf(buffer, n), now + delayNanos);
                budget.release(CHUNK_BYTES + CHUNK_OVERHEAD - chunk.cost());
                queue.put(chunk);
                if (n < 0) {
                    return;
                }
            }
        } catch (IOException e) {
            listener.failed(this, e);
        } catch (InterruptedException e) {
            // the connection is being torn down
        }
    }

    private void writeLoop() {
        try {
            while (true) {
                Chunk chunk = queue.take();
                holdUntil(chunk.dueNanos());
                if (chunk.bytes() == null) {
                    destination.shutdownOutput(); // half-close, as the source did
                    listener.finished(this);
                    return;
                }
                destination.write(chunk.bytes());
                forwarded.addAndGet(chunk.bytes().length);
                budget.release(chunk.cost());
            }
        } catch (IOException e) {
            listener.failed(this, e);
        } catch (InterruptedException e) {
            // the connection is being torn down
        }
    }

    /**
     * Parks until {@code spinNanos} before the due time, then spins to it: a parked thread wakes up to the kernel's
     * timer slack (50 us by default) late, or later on a busy machine, which at D = 1 ms would be 5 % of the delay
     * each way. Late is never wrong (the delay is a minimum), only less precise.
     */
    private void holdUntil(long dueNanos) throws InterruptedException {
        for (long left = dueNanos - System.nanoTime(); left > spinNanos; left = dueNanos - System.nanoTime()) {
            LockSupport.parkNanos(left - spinNanos);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        while (System.nanoTime() - dueNanos < 0) {
            Thread.onSpinWait();
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
