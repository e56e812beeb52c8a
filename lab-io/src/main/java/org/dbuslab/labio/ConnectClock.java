package org.dbuslab.labio;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * A dbus-java connect whose clock starts when the socket opens. dbus-java's connect has no deadline for the SASL
 * handshake (a bus or peer that accepts the socket and then says nothing holds it forever), so it runs here on a
 * daemon thread of its own that the caller may abandon. And loading dbus-java and jnr before the socket opens is this
 * JVM's own work (over 10 s in a cold JVM beside other test forks on 2 cores), not a silent bus or peer: it gets a
 * bound of its own, {@link #LOCAL_SETUP_SECONDS}, and the caller's connect timeout only starts after it. The server
 * and the lab's client share this; each words its own errors and does its own cleanup when a wait runs out
 * ({@link #interrupt}, ending the socket, {@link #whenLate} for a connection that completes after all).
 *
 * @param <T> what the connect returns
 */
public final class ConnectClock<T> {

    /** The most this JVM may take to load dbus-java and its transport before the socket opens. */
    public static final long LOCAL_SETUP_SECONDS = 120;

    /** dbus-java's connect, told when the socket opens. */
    @FunctionalInterface
    public interface Connect<T> {
        /** Connects; runs {@code opening} when the socket opens (dbus-java's pre-connect callback). */
        T connect(Runnable opening) throws Exception;
    }

    /** The socket did not open within the local set-up bound: this JVM, not the other side, was too slow. */
    public static final class NotOpened extends Exception {
        NotOpened(long millis) {
            super("dbus-java did not get to connecting within " + millis + " ms");
        }
    }

    private final long localSetupMillis;
    /** Counted down by the socket opening, or by the connect ending before it did. */
    private final CountDownLatch opening = new CountDownLatch(1);
    private final CompletableFuture<T> result = new CompletableFuture<>();
    private final Thread thread;

    private ConnectClock(String threadName, long localSetupMillis, Connect<T> connect) {
        this.localSetupMillis = localSetupMillis;
        result.whenComplete((value, failure) -> opening.countDown());
        thread = new Thread(() -> {
            try {
                result.complete(connect.connect(opening::countDown));
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, threadName);
        thread.setDaemon(true);
    }

    /** Starts {@code connect} on a daemon thread named {@code threadName}. */
    public static <T> ConnectClock<T> start(String threadName, Connect<T> connect) {
        return start(threadName, TimeUnit.SECONDS.toMillis(LOCAL_SETUP_SECONDS), connect);
    }

    /** As {@link #start(String, Connect)} with another local set-up bound (the tests'). */
    static <T> ConnectClock<T> start(String threadName, long localSetupMillis, Connect<T> connect) {
        ConnectClock<T> clock = new ConnectClock<>(threadName, localSetupMillis, connect);
        clock.thread.start();
        return clock;
    }

    /**
     * What the connect returned, waiting at most {@link #LOCAL_SETUP_SECONDS} for the socket to open, then at most
     * {@code timeoutMs} for the connect to end.
     *
     * @throws NotOpened the socket did not open in time
     * @throws TimeoutException the connect did not end within {@code timeoutMs} of the socket opening
     * @throws ExecutionException the connect failed: its exception is the cause
     */
    public T await(long timeoutMs) throws NotOpened, TimeoutException, ExecutionException, InterruptedException {
        if (!opening.await(localSetupMillis, TimeUnit.MILLISECONDS)) {
            throw new NotOpened(localSetupMillis);
        }
        return result.get(timeoutMs, TimeUnit.MILLISECONDS);
    }

    /** Interrupts the connect's thread (a connect given up on). */
    public void interrupt() {
        thread.interrupt();
    }

    /** Hands {@code late} what the connect returns, should it succeed after all (at once if it already has). */
    public void whenLate(Consumer<? super T> late) {
        result.thenAccept(late);
    }
}
