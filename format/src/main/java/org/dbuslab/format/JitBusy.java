package org.dbuslab.format;

/**
 * When a Java client's run timed its JIT as well as its calls: the JIT's compiler threads run beside the measuring
 * ones, on the measured CPU in a pinned placement, so a run whose client compiled for a tenth of its time was that
 * much slower. The runner makes such a measured run again (phase {@link Phase#REDONE}); the report counts them.
 */
public final class JitBusy {

    /** The share of a run's own time spent compiling above which the run timed the JIT. */
    public static final double SHARE = 0.10;

    private JitBusy() {
    }

    /** Whether a run of ELAPSED_NS whose client compiled for JIT_MS (negative: unknown) timed the JIT. */
    public static boolean busy(long jitMs, long elapsedNs) {
        return jitMs >= 0 && elapsedNs > 0 && jitMs * 1e6 > SHARE * elapsedNs;
    }
}
