package org.dbuslab.runner.stop;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * One Java client's JIT over its latest runs: quiet when its last {@link #QUIET_RUNS} runs compiled for at most
 * {@link #QUIET_MILLIS} ms in all (the client's WarmupPolicy rule, ported: the runner does not depend on the
 * client module). A client that does not report its JIT (jit_ms -1) cannot be watched and counts as quiet.
 */
public final class JitWatch {

    public static final int QUIET_RUNS = 5;
    public static final long QUIET_MILLIS = 5;

    private final Deque<Long> recent = new ArrayDeque<>();
    private boolean reported = true;
    private int runs;

    /** One finished run's JIT compilation time in ms, -1 when unknown. */
    public void record(long jitMillis) {
        runs++;
        if (jitMillis < 0) {
            reported = false;
        }
        recent.addLast(Math.max(0, jitMillis));
        if (recent.size() > QUIET_RUNS) {
            recent.removeFirst();
        }
    }

    public boolean quiet() {
        return !reported || recent.size() == QUIET_RUNS && recentMillis() <= QUIET_MILLIS;
    }

    public boolean reported() {
        return reported;
    }

    public int runs() {
        return runs;
    }

    /** Compilation ms over the latest (up to QUIET_RUNS) runs. */
    public long recentMillis() {
        return recent.stream().mapToLong(Long::longValue).sum();
    }
}
