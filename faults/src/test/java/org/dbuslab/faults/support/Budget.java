package org.dbuslab.faults.support;

import java.time.Duration;

/**
 * The timeouts the fault cases give the lab, and the time they allow it: short, so the module stays within CI's
 * budget, and a fault that is not handled shows as a bound exceeded instead of a hang. Every one is its idle-machine
 * value times {@link #SCALE}, so that they keep their proportions beside a CPU hog.
 */
public final class Budget {

    /** The factor on every value below (TimeScale: -Dlab.test.timeScale, else from the load per CPU; 1 to 6). */
    public static final double SCALE = TimeScale.current();

    /** The client's --reply-timeout in every case. */
    public static final long REPLY_TIMEOUT_MS = millis(1000);
    /**
     * The client's --connect-timeout where the case expects connecting to fail. Elsewhere the client's default
     * (10 s): on a loaded 2-core machine a cold JVM's first connect took more than 3 s.
     */
    public static final long CONNECT_TIMEOUT_MS = millis(2000);
    /**
     * The client's and the server's --connect-timeout in the cases that must connect: a bound that catches a hang.
     * At 10 s a client's Ping to a cold p2p server went unanswered once, and a server's connect once ran out, with
     * the fault and e2e forks starting JVMs side by side (load 14-16 on 2 cores). SCALE, read when the fork starts,
     * does not see such a rise.
     */
    public static final long DEFAULT_CONNECT_TIMEOUT_MS = millis(30_000);
    /** A stall longer than the reply timeout: calls in flight meanwhile must count as lost. */
    public static final Duration STALL = Duration.ofMillis(REPLY_TIMEOUT_MS + millis(700));
    /** What one run of {@link EchoClient.Spec#forMode} costs at most when all goes well, on a loaded 2-core box. */
    public static final Duration RUN = Duration.ofMillis(millis(2000));
    /**
     * JVM start and exit, a few runs of a few hundred ms, and a loaded 2-core machine: a bound that catches a hang or
     * a hold-up, not a speed. At 10 s a client's start and run beside a stalled one took 11.2-12.1 s at load 10-16.
     */
    public static final Duration SLACK = Duration.ofMillis(millis(20_000));
    /**
     * The server's --connect-timeout (with --bus) and --handshake-timeout (with --listen) where a case waits for
     * them, and so how long the server may take to give up on a silent bus or peer. The handshake timeout also
     * bounds the case's own client, whose cold JVM starts SASL some time after its connect: at 2000 ms, with the
     * fault classes in parallel forks beside a CPU hog, the server once dropped that client too.
     */
    public static final long SERVER_TIMEOUT_MS = millis(5000);
    public static final Duration SERVER_GIVES_UP = Duration.ofMillis(SERVER_TIMEOUT_MS);
    /** After this the harness kills the process and the case fails as a hang. */
    public static final Duration HANG = Duration.ofMillis(millis(45_000));

    private Budget() {
    }

    /** MS on an idle machine, times {@link #SCALE}. */
    public static long millis(long ms) {
        return Math.round(ms * SCALE);
    }

    public static Duration replyTimeout() {
        return Duration.ofMillis(REPLY_TIMEOUT_MS);
    }

    public static Duration connectTimeout() {
        return Duration.ofMillis(CONNECT_TIMEOUT_MS);
    }
}
