package org.dbuslab.labio;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The two waits of a connect whose clock starts when the socket opens: no bus, no socket, only lambdas. */
class ConnectClockTest {

    private static final String THREAD = "connect-clock-test";

    @Test
    void aConnectThatSucceedsIsReturned() throws Exception {
        ConnectClock<String> clock = ConnectClock.start(THREAD, opening -> {
            opening.run();
            return "connected";
        });
        assertEquals("connected", clock.await(10_000));
    }

    @Test
    void aConnectThatFailsBeforeTheSocketOpensFailsAtOnceWithItsCause() {
        long start = System.nanoTime();
        ConnectClock<String> clock = ConnectClock.start(THREAD, opening -> {
            throw new IOException("no such socket");
        });
        ExecutionException e = assertThrows(ExecutionException.class, () -> clock.await(10_000));
        assertInstanceOf(IOException.class, e.getCause());
        assertEquals("no such socket", e.getCause().getMessage());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "not a wait for the socket to open");
    }

    @Test
    void aSilentOtherSideRunsOutTheConnectTimeoutAndTheThreadCanBeInterrupted() throws Exception {
        AtomicReference<Thread> connecting = new AtomicReference<>();
        CountDownLatch ended = new CountDownLatch(1);
        ConnectClock<String> clock = ConnectClock.start(THREAD, opening -> {
            connecting.set(Thread.currentThread());
            opening.run();
            try {
                new CountDownLatch(1).await(); // the handshake nobody answers
                return "never";
            } finally {
                ended.countDown();
            }
        });
        long start = System.nanoTime();
        assertThrows(TimeoutException.class, () -> clock.await(200));
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(200), "the whole connect timeout");
        assertTrue(connecting.get().isDaemon(), "a thread the caller may abandon");
        assertEquals(THREAD, connecting.get().getName());
        clock.interrupt();
        assertTrue(ended.await(10, TimeUnit.SECONDS), "the interrupted connect ends");
    }

    @Test
    void theConnectTimeoutStartsWhenTheSocketOpens() throws Exception {
        ConnectClock<String> clock = ConnectClock.start(THREAD, opening -> {
            Thread.sleep(600); // loading dbus-java: this JVM's own work
            opening.run();
            return "connected";
        });
        assertEquals("connected", clock.await(300));
    }

    @Test
    void aSocketThatNeverOpensRunsOutTheLocalSetUpBound() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        ConnectClock<String> clock = ConnectClock.start(THREAD, 200, opening -> {
            release.await();
            return "late";
        });
        ConnectClock.NotOpened e = assertThrows(ConnectClock.NotOpened.class, () -> clock.await(10_000));
        assertTrue(e.getMessage().contains("within 200 ms"), e.getMessage());
        AtomicReference<String> late = new AtomicReference<>();
        CountDownLatch handed = new CountDownLatch(1);
        clock.whenLate(value -> {
            late.set(value);
            handed.countDown();
        });
        release.countDown();
        assertTrue(handed.await(10, TimeUnit.SECONDS), "a connection that completes after all is handed over");
        assertEquals("late", late.get());
    }
}
