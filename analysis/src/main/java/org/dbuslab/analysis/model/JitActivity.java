package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.format.JitBusy;
import org.dbuslab.format.Phase;
import org.dbuslab.stats.Quantiles;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * How much the Java clients' JIT compiled while they measured (runs.csv's jit_ms): a run whose client was still
 * compiling timed the JIT as well as the calls, so the report says how often that happened. Warm-up runs are
 * counted apart; they exist to take that compiling.
 *
 * @param measuredRuns   measured runs that report jit_ms
 * @param quietRuns      of those, the ones during which the JIT compiled nothing
 * @param medianMs       median jit_ms of the measured runs
 * @param max            the measured run that compiled longest
 * @param measuredJitMs  jit_ms summed over the measured runs
 * @param measuredNs     their run time summed
 * @param busyRuns       measured runs that spent more than {@link #BUSY_SHARE} of their time compiling
 * @param warmupRuns     warm-up runs that report jit_ms
 * @param warmupJitMs    jit_ms summed over those
 * @param redoneRuns     measured runs the runner made again because they were busy compiling (phase redone)
 * @param redoneJitMs    jit_ms summed over those
 */
public record JitActivity(int measuredRuns, int quietRuns, long medianMs, RunRecord max, long measuredJitMs, long measuredNs,
                   List<RunRecord> busyRuns, int warmupRuns, long warmupJitMs, int redoneRuns, long redoneJitMs) {

    /** A measured run that compiled for more than this share of its own time counts as timing the JIT. */
    public static final double BUSY_SHARE = JitBusy.SHARE;
    /** Above this share of all measured time the report says the session's figures include compilation. */
    public static final double BUSY_SESSION_SHARE = 0.20;

    /**
     * Empty when no run reports jit_ms (sessions from before the column, or libdbus and raw rows only). The
     * over-limit check is left out: it makes no warm-up on purpose, its calls are meant to fail.
     */
    public static Optional<JitActivity> of(List<RunRecord> runs) {
        List<RunRecord> timed = runs.stream()
                .filter(r -> r.jitMs() != null && r.key().role() != CellKey.Role.OVERLIMIT).toList();
        List<RunRecord> measured = timed.stream().filter(RunRecord::measured).toList();
        List<RunRecord> warmup = timed.stream().filter(RunRecord::warmup).toList();
        List<RunRecord> redone = timed.stream().filter(r -> r.phase() == Phase.REDONE).toList();
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        long median = Math.round(Quantiles.median(measured.stream().mapToDouble(RunRecord::jitMs).toArray()));
        return Optional.of(new JitActivity(measured.size(), (int) measured.stream().filter(r -> r.jitMs() == 0).count(),
                median, measured.stream().max(Comparator.comparingLong(RunRecord::jitMs)).orElseThrow(),
                measured.stream().mapToLong(RunRecord::jitMs).sum(), measured.stream().mapToLong(RunRecord::elapsedNs).sum(),
                measured.stream().filter(r -> JitBusy.busy(r.jitMs(), r.elapsedNs())).toList(),
                warmup.size(), warmup.stream().mapToLong(RunRecord::jitMs).sum(),
                redone.size(), redone.stream().mapToLong(RunRecord::jitMs).sum()));
    }

    /** JIT time as a share of the measured runs' time (the JIT's threads run beside the measuring ones). */
    public double measuredShare() {
        return measuredNs == 0 ? 0 : measuredJitMs * 1e6 / measuredNs;
    }
}
