package org.dbuslab.scale.relay;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * One accepted client and its connection to the target, joined by two delay lines. A half-close travels like
 * data (delayed, in order); when both directions have ended, or either fails, both sockets are closed.
 */
final class RelayedConnection implements DelayLine.Listener {

    private final Endpoint client;
    private final Endpoint target;
    private final DelayLine up;
    private final DelayLine down;
    private final AtomicInteger finished = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Consumer<RelayedConnection> onClosed;
    private final Consumer<String> log;

    RelayedConnection(int number, Endpoint client, Endpoint target, DelaySettings settings, AtomicLong upBytes,
                      AtomicLong downBytes, Consumer<RelayedConnection> onClosed, Consumer<String> log) {
        this.client = client;
        this.target = target;
        this.onClosed = onClosed;
        this.log = log;
        this.up = new DelayLine("relay-" + number + "-up", client, target, settings, upBytes, this);
        this.down = new DelayLine("relay-" + number + "-down", target, client, settings, downBytes, this);
    }

    void start() {
        up.start();
        down.start();
    }

    long queuedBytes() {
        return up.queuedBytes() + down.queuedBytes();
    }

    @Override
    public void finished(DelayLine line) {
        if (finished.incrementAndGet() == 2) {
            close();
        }
    }

    @Override
    public void failed(DelayLine line, IOException e) {
        if (!closed.get()) {
            log.accept(line + ": " + e.getMessage() + "; closing both sides");
        }
        close();
    }

    /** Closes both sockets (unblocking every thread of both lines); idempotent. */
    void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closeQuietly(client);
        closeQuietly(target);
        up.interrupt();
        down.interrupt();
        onClosed.accept(this);
    }

    void join(long millis) throws InterruptedException {
        up.join(millis);
        down.join(millis);
    }

    private static void closeQuietly(Endpoint endpoint) {
        try {
            endpoint.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
