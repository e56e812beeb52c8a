package org.dbuslab.analysis;

import org.dbuslab.analysis.stats.Interval;
import org.dbuslab.analysis.stats.OutlierCounts;

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
 */
record CellSummary(CellKey key, double[] runSeconds, SampleStatistics elapsedSeconds, Interval elapsedMedianCi95,
                   OutlierCounts outliers, int warmupRuns, double usPerCallMedian, Interval usPerCallMedianCi95,
                   double usPerCallMean, double callsPerSecond, Double ratioToDbusDaemon, Counts counts,
                   Counts warmupCounts, LatencySummary latency) {

    /**
     * Above this coefficient of variation of the run times a cell is called noisy: differences of a few
     * percent between transports are then within the machine's own jitter.
     */
    static final double NOISY_CV = 0.05;
    private static final double US_PER_S = 1e6;

    int runs() {
        return elapsedSeconds.n();
    }

    /** Each measured run's µs per call, the sample that comparisons between cells use. */
    double[] runUsPerCall() {
        double[] us = new double[runSeconds.length];
        for (int i = 0; i < us.length; i++) {
            us[i] = runSeconds[i] * US_PER_S / key.calls();
        }
        return us;
    }

    /** Standard deviation / mean of the run times; NaN with fewer than two runs. */
    double cv() {
        return elapsedSeconds.stddev() / elapsedSeconds.mean();
    }

    boolean noisy() {
        return cv() > NOISY_CV;
    }

    /** Latency was recorded but does not account for every call of the measured runs. */
    boolean latencyCountMismatch() {
        return latency != null && !latency.countMatches();
    }

    CellSummary withRatio(Double ratio) {
        return new CellSummary(key, runSeconds, elapsedSeconds, elapsedMedianCi95, outliers, warmupRuns, usPerCallMedian,
                usPerCallMedianCi95, usPerCallMean, callsPerSecond, ratio, counts, warmupCounts, latency);
    }
}
