package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.AllocBytes;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.OutlierCounts;
import org.dbuslab.stats.Quantiles;
import org.dbuslab.stats.SampleStatistics;
import org.dbuslab.stats.TukeyFences;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The statistics of one cell, all derived from its measured runs (warm-up runs are only counted).
 *
 * @param runSeconds            each measured run's duration in seconds, in the order of runs.csv
 * @param elapsedSeconds        statistics of the run durations in seconds
 * @param elapsedMedianCi95     bootstrap 95% interval of the median run duration, seconds
 * @param outliers              Tukey-fence classes of the run durations (the runs stay in the statistics)
 * @param usPerCallMedian       median run duration / calls per run, in microseconds
 * @param usPerCallMedianCi95   bootstrap 95% interval of that, in microseconds
 * @param usPerCallMean         mean run duration / calls per run, in microseconds
 * @param callsPerSecond        calls per run / median run duration
 * @param ratioToDbusDaemon     usPerCallMedian / the dbus-daemon baseline's; null without a baseline
 * @param counts                lost, mismatched and errored calls over the measured runs
 * @param warmupCounts          the same over the warm-up runs: not timed, but still a correctness signal
 * @param latency               per-call latency percentiles; null when not recorded or not readable
 * @param runUsPerCall          each measured run's µs per call, the sample comparisons between cells use: run time /
 *                              calls, or (elapsed − fixed) / (calls − 1) for spam runs with a fixed cost
 * @param fixedCost             how the spam runs' fixed cost was handled; {@link FixedCost#NONE} for other cells
 * @param expected              the outcome the cell's rows are meant to have when not clean (LimitsExceeded), or ""
 * @param runBlocks             the block (runs.csv's round) of each value of runUsPerCall; 0 where runs.csv has none
 * @param cpu                   the median CPU µs per call of client, bus and server
 * @param alloc                 the median bytes per call the client's and the server's JVM threads allocated
 */
public record CellSummary(CellKey key, double[] runSeconds, SampleStatistics elapsedSeconds, Interval elapsedMedianCi95,
                   OutlierCounts outliers, int warmupRuns, double usPerCallMedian, Interval usPerCallMedianCi95,
                   double usPerCallMean, double callsPerSecond, Double ratioToDbusDaemon, Counts counts,
                   Counts warmupCounts, LatencySummary latency, double[] runUsPerCall, FixedCost fixedCost,
                   String expected, int[] runBlocks, CpuPerCall cpu, AllocPerCall alloc) {

    /**
     * Measured spam runs of a client timed from outside: how many had their fixed cost removed, how many had no
     * fixed_ns (their per-call time is elapsed / calls, start-up included), and how many came out at or below zero
     * because the fixed cost was as large as the whole run.
     */
    public record FixedCost(int corrected, int missing, int nonPositive) {

        public static final FixedCost NONE = new FixedCost(0, 0, 0);

        public boolean any() {
            return corrected > 0 || missing > 0;
        }
    }

    /**
     * What a cell's calls allocate: the median over its measured runs of the bytes the client's and the server's
     * JVM threads allocated on the heap during the run, divided by the run's calls (runs.csv's alloc_*_bytes /
     * calls). NaN for a side no measured run has a value for: one that is not a JVM of the lab (libdbus, GLib,
     * sd-bus), and every cell of a folder from before the columns. Shown beside the CPU per call
     * ({@link CpuPerCall}), and like it without an interval.
     *
     * @param runs measured runs with at least one allocation value
     */
    public record AllocPerCall(double client, double server, int runs) {

        public static final AllocPerCall NONE = new AllocPerCall(Double.NaN, Double.NaN, 0);

        public static AllocPerCall of(List<RunRecord> measured) {
            int runs = (int) measured.stream().filter(r -> r.alloc().any()).count();
            if (runs == 0) {
                return NONE;
            }
            return new AllocPerCall(median(measured, AllocBytes::client), median(measured, AllocBytes::server), runs);
        }

        private static double median(List<RunRecord> measured, Function<AllocBytes, Long> side) {
            double[] values = measured.stream().filter(r -> side.apply(r.alloc()) != null)
                    .mapToDouble(r -> (double) side.apply(r.alloc()) / r.key().calls()).toArray();
            return values.length == 0 ? Double.NaN : Quantiles.median(values);
        }

        public boolean measured() {
            return runs > 0;
        }
    }

    /**
     * Above this coefficient of variation of the run times a cell is called noisy: differences of a few
     * percent between transports are then within the machine's own jitter.
     */
    public static final double NOISY_CV = 0.05;

    public int runs() {
        return elapsedSeconds.n();
    }

    /** Calls per second from the interval of the median µs per call (a high µs/call is a low rate). */
    public Interval callsPerSecondCi95() {
        Interval us = usPerCallMedianCi95;
        return us.isDefined() && us.low() > 0 ? new Interval(1e6 / us.high(), 1e6 / us.low()) : Interval.UNDEFINED;
    }

    /** Lost, mismatched or errored calls in any run, warm-ups included. */
    public boolean failed() {
        return !counts.isClean() || !warmupCounts.isClean();
    }

    /** Standard deviation / mean of the run times; NaN with fewer than two runs. */
    public double cv() {
        return elapsedSeconds.stddev() / elapsedSeconds.mean();
    }

    public boolean noisy() {
        return cv() > NOISY_CV;
    }

    /**
     * Above this ratio of the upper to the lower quartile of the runs' µs per call a cell ran at two speeds. On a
     * VM a synchronous round trip is mostly virtual CPUs waking up, and while something keeps them busy the same
     * calls can run several times faster (docs/EXPERIMENTS.md, "Synchronous calls"); the median then describes
     * whichever state had more runs.
     */
    public static final double TWO_SPEEDS_QUARTILE_RATIO = 2.0;

    /** Upper over lower quartile of the runs' µs per call; NaN with fewer than 4 runs or a lower quartile ≤ 0. */
    public double quartileRatio() {
        if (runUsPerCall.length < 4) {
            return Double.NaN;
        }
        TukeyFences quartiles = TukeyFences.of(runUsPerCall);
        return quartiles.q1() > 0 ? quartiles.q3() / quartiles.q1() : Double.NaN;
    }

    public boolean twoSpeeds() {
        return quartileRatio() > TWO_SPEEDS_QUARTILE_RATIO;
    }

    /** Latency was recorded but does not account for every call of the measured runs. */
    public boolean latencyCountMismatch() {
        return latency != null && !latency.countMatches();
    }

    /** How many blocks (runs.csv's round) the measured runs came from; 0 when runs.csv has none. */
    public int blocks() {
        return (int) Arrays.stream(runBlocks).filter(b -> b > 0).distinct().count();
    }

    /** Half the 95% interval of the median µs per call, as % of the median: the precision of the cell. */
    public double usPerCallHalfWidthPct() {
        return usPerCallMedianCi95.halfWidthPercentOf(usPerCallMedian);
    }

    public CellSummary withRatio(Double ratio) {
        return new CellSummary(key, runSeconds, elapsedSeconds, elapsedMedianCi95, outliers, warmupRuns, usPerCallMedian,
                usPerCallMedianCi95, usPerCallMean, callsPerSecond, ratio, counts, warmupCounts, latency, runUsPerCall,
                fixedCost, expected, runBlocks, cpu, alloc);
    }
}
