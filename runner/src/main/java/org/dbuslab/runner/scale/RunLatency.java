package org.dbuslab.runner.scale;

import org.HdrHistogram.Histogram;
import org.dbuslab.format.LatencyLog;
import org.dbuslab.format.ScaleRunsCsv;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * One distance run's per-call round trip, p50 and p99 in nanoseconds, read back from the HdrHistogram log its
 * persistent client appends to (one interval per run, tagged with the run's TAG; docs/RESULTS-FORMAT.md). The
 * client records every verified call from just before its send to its reply, so a pipelined call's time includes
 * its wait behind the window. Latency is an extra: a log that cannot be read costs the run its percentiles
 * ({@link ScaleRunsCsv#UNKNOWN}) and one line to PROBLEMS, never the run.
 */
record RunLatency(long p50Nanos, long p99Nanos) {

    static final RunLatency UNKNOWN = new RunLatency(ScaleRunsCsv.UNKNOWN, ScaleRunsCsv.UNKNOWN);

    /**
     * The percentiles of the last interval tagged TAG in LOG; UNKNOWN when it holds no call (every call lost: the
     * row says so already) or when LOG or the interval cannot be read (then with a line to PROBLEMS).
     */
    static RunLatency of(Path log, String tag, Consumer<String> problems) {
        Histogram run = null;
        try {
            for (Histogram h : LatencyLog.intervals(log)) {
                if (tag.equals(h.getTag())) {
                    run = h;
                }
            }
        } catch (LatencyLog.Unreadable e) {
            problems.accept("latency log " + log.getFileName() + ": cannot read (" + e.getMessage() + "); run " + tag
                + " has no p50/p99");
            return UNKNOWN;
        }
        if (run == null) {
            problems.accept("latency log " + log.getFileName() + ": no interval tagged " + tag + "; it has no p50/p99");
            return UNKNOWN;
        }
        return run.getTotalCount() == 0 ? UNKNOWN
            : new RunLatency(run.getValueAtPercentile(50), run.getValueAtPercentile(99));
    }
}
