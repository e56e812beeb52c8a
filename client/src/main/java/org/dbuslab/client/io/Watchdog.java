package org.dbuslab.client.io;

import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Blocking channels have no read timeout, so a watchdog thread closes the channel when a wait has gone on too
 * long; the blocked read or write then fails at once, and {@link #fired()} tells a timeout from a broken
 * connection. Checked every 20 ms, far below any reply timeout the lab uses.
 */
public final class Watchdog implements AutoCloseable {

    private static final long TICK_MS = 20;

    private final Thread thread;
    private volatile Closeable target;
    private volatile long deadline;
    private volatile boolean armed;
    private volatile boolean fired;
    private volatile boolean closed;

    /** @param name the watchdog thread's name */
    public Watchdog(String name) {
        thread = new Thread(this::watch, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** From now on, {@code target} is closed unless {@link #arm} or {@link #disarm} is called within the timeout. */
    public void arm(Closeable target, long timeoutNanos) {
        this.target = target;
        this.deadline = System.nanoTime() + timeoutNanos;
        this.armed = true;
    }

    public void disarm() {
        armed = false;
    }

    /** Whether the watchdog closed the channel since the last {@link #reset()}. */
    public boolean fired() {
        return fired;
    }

    public void reset() {
        fired = false;
    }

    private void watch() {
        while (!closed) {
            try {
                Thread.sleep(TICK_MS);
            } catch (InterruptedException e) {
                return;
            }
            Closeable victim = target;
            if (armed && victim != null && System.nanoTime() - deadline > 0) {
                armed = false;
                fired = true;
                try {
                    victim.close();
                } catch (IOException ignored) {
                    // the waiting thread sees the close either way
                }
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
