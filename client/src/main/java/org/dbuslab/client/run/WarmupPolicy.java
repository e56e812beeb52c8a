package org.dbuslab.client.run;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Decides when a client process has warmed up: after at least {@code minRuns} warm-up runs, and, when a time
 * budget is given, only once the JIT has gone quiet (at most {@link #QUIET_MILLIS} ms of compilation over the
 * last {@link #QUIET_RUNS} runs) or the budget is spent. A fixed count alone is not enough on a busy 2-core
 * machine: the client's call path kept compiling for 30 000 to 40 000 calls there (docs/EXPERIMENTS.md), and
 * runs measured before that timed the JIT, not the transport.
 */
public final class WarmupPolicy {

    /** How many of the latest warm-up runs the quiet check looks at. */
    public static final int QUIET_RUNS = 5;
    /** Compilation time those runs may have seen in total and still count as quiet. */
    public static final long QUIET_MILLIS = 5;

    /** Why the warm-up ended. */
    public enum Outcome { MIN_RUNS, JIT_QUIET, BUDGET_SPENT, JIT_NOT_REPORTED }

    private final int minRuns;
    private final long budgetNanos;
    private final Deque<Long> recentJitMillis = new ArrayDeque<>();
    private int runs;
    private long elapsedNanos;
    private boolean jitReported = true;

    /**
     * @param minRuns     warm-up runs made in any case
     * @param budgetNanos 0: stop after {@code minRuns}; otherwise the most warm-up time (sum of the warm-up runs'
     *                    wall-clock time) spent waiting for the JIT to go quiet
     */
    public WarmupPolicy(int minRuns, long budgetNanos) {
        if (minRuns < 0 || budgetNanos < 0) {
            throw new IllegalArgumentException("minRuns and budgetNanos must not be negative");
        }
        this.minRuns = minRuns;
        this.budgetNanos = budgetNanos;
    }

    /** Records one finished warm-up run: its wall-clock time and the JIT's compilation ms during it (-1: unknown). */
    public void recordRun(long runNanos, long jitMillis) {
        runs++;
        elapsedNanos += runNanos;
        if (jitMillis < 0) {
            jitReported = false;
        }
        recentJitMillis.addLast(Math.max(0, jitMillis));
        if (recentJitMillis.size() > QUIET_RUNS) {
            recentJitMillis.removeFirst();
        }
    }

    /** Null while another warm-up run is due; otherwise why the warm-up is over. */
    public Outcome outcome() {
        if (runs < minRuns) {
            return null;
        }
        if (budgetNanos == 0) {
            return Outcome.MIN_RUNS;
        }
        if (!jitReported) {
            return Outcome.JIT_NOT_REPORTED;
        }
        if (recentJitMillis.size() == QUIET_RUNS && recentJitMillis() <= QUIET_MILLIS) {
            return Outcome.JIT_QUIET;
        }
        return elapsedNanos >= budgetNanos ? Outcome.BUDGET_SPENT : null;
    }

    public int runs() {
        return runs;
    }

    public long elapsedNanos() {
        return elapsedNanos;
    }

    /** Compilation ms over the latest (up to {@link #QUIET_RUNS}) warm-up runs. */
    public long recentJitMillis() {
        return recentJitMillis.stream().mapToLong(Long::longValue).sum();
    }
}
