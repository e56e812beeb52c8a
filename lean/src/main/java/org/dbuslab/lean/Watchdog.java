package org.dbuslab.lean;

import java.io.Closeable;
import java.io.IOException;

/**
 * Bounds a call in time: a blocking read on a unix SocketChannel has no timeout of its own, so after {@code millis}
 * this daemon thread closes the channel, which ends the blocked read with an AsynchronousCloseException; the caller
 * asks {@link #fired()} to tell that from a bus that went away. A plain Thread subclass, not a lambda or an executor:
 * nothing more to load at start-up.
 */
final class Watchdog extends Thread {

    private final long millis;
    private final Closeable target;
    private volatile boolean fired;

    Watchdog(long millis, Closeable target) {
        super("lean-watchdog");
        this.millis = millis;
        this.target = target;
        setDaemon(true);
    }

    @Override
    public void run() {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            return; // the call ended in time
        }
        fired = true;
        try {
            target.close();
        } catch (IOException e) {
            // the blocked read ends either way
        }
    }

    long millis() {
        return millis;
    }

    boolean fired() {
        return fired;
    }

    /** The call is over: this thread ends now instead of sleeping on. */
    void cancel() {
        interrupt();
    }
}
