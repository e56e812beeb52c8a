package org.dbuslab.faults.support;

import java.time.Duration;

/**
 * The timeouts the fault cases give the lab, and the time they allow it: short, so the module stays within CI's
 * budget, and a fault that is not handled shows as a bound exceeded instead of a hang. Every one is its idle-machine
 * value times {@link #scale()}, so that they keep their proportions beside a CPU hog. The scale is read again before
 * each case ({@link #rescale}, by {@link RescaleBeforeEachCase}), not once a fork: the forks' own JVMs starting later
 * raise the load after the first case of a fork, and a case's values hold still while it runs.
 */
public final class Budget {

    private static volatile double scale = TimeScale.current();

    private Budget() {
    }

    /** Reads the scale again (TimeScale: -Dlab.test.timeScale, else from the load per CPU now). */
    public static void rescale() {
        scale = TimeScale.current();
    }

    /** The factor on every value below, as of the last {@link #rescale} (1 to 6). */
    public static double scale() {
        return scale;
    }

    /** MS on an idle machine, times {@link #scale()}. */
    public static long millis(long ms) {
        return Math.round(ms * scale);
    }

    /** The client's --reply-timeout in every case. */
    public static long replyTimeoutMs() {
        return millis(1000);
    }

    public static Duration replyTimeout() {
        return Duration.ofMillis(replyTimeoutMs());
    }

    /**
     * The client's --connect-timeout where the case expects connecting to fail. Elsewhere
     * {@link #defaultConnectTimeoutMs()}: on a loaded 2-core machine a cold JVM's first connect took more than 3 s.
     */
    public static long connectTimeoutMs() {
        return millis(2000);
    }

    public static Duration connectTimeout() {
        return Duration.ofMillis(connectTimeoutMs());
    }

    /**
     * The client's and the server's --connect-timeout in the cases that must connect: only a bound that catches a
     * hang, so it is long. At 10 s a client's Ping to a cold p2p server went unanswered once, and a server's connect
     * once ran out, with the fault and e2e forks starting JVMs side by side (load 14-16 on 2 cores).
     */
    public static long defaultConnectTimeoutMs() {
        return millis(30_000);
    }

    /** A stall longer than the reply timeout: calls in flight meanwhile must count as lost. */
    public static Duration stall() {
        return Duration.ofMillis(replyTimeoutMs() + millis(700));
    }

    /** What one run of {@link EchoClient.Spec#forMode} costs at most when all goes well, on a loaded 2-core box. */
    public static Duration run() {
        return Duration.ofMillis(millis(2000));
    }

    /**
     * JVM start and exit, a few runs of a few hundred ms, and a loaded 2-core machine: a bound that catches a hang or
     * a hold-up, not a speed. At 10 s a client's start and run beside a stalled one took 11.2-12.1 s at load 10-16.
     */
    public static Duration slack() {
        return Duration.ofMillis(millis(20_000));
    }

    /**
     * The server's --connect-timeout (with --bus) and --handshake-timeout (with --listen) where a case waits for
     * them, and so how long the server may take to give up on a silent bus or peer. The handshake timeout also
     * bounds the case's own client, whose cold JVM starts SASL some time after its connect: at 2000 ms, with the
     * fault classes in parallel forks beside a CPU hog, the server once dropped that client too.
     */
    public static long serverTimeoutMs() {
        return millis(5000);
    }

    public static Duration serverGivesUp() {
        return Duration.ofMillis(serverTimeoutMs());
    }

    /** After this the harness kills the process and the case fails as a hang. */
    public static Duration hang() {
        return Duration.ofMillis(millis(45_000));
    }
}
