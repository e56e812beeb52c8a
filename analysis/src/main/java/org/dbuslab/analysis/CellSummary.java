package org.dbuslab.analysis;

/**
 * The statistics of one cell, all derived from its measured runs.
 *
 * @param elapsedSeconds        statistics of the run durations in seconds
 * @param usPerCallMedian       median run duration / calls per run, in microseconds
 * @param usPerCallMean         mean run duration / calls per run, in microseconds
 * @param callsPerSecond        calls per run / median run duration
 * @param ratioToDbusDaemon     usPerCallMedian / the dbus-daemon baseline's; null without a baseline
 * @param counts                lost, mismatched and errored calls over the measured runs
 * @param warmupCounts          the same over the warm-up runs: not timed, but still a correctness signal
 */
record CellSummary(CellKey key, SampleStatistics elapsedSeconds, int warmupRuns, double usPerCallMedian,
                   double usPerCallMean, double callsPerSecond, Double ratioToDbusDaemon, Counts counts,
                   Counts warmupCounts) {

    int runs() {
        return elapsedSeconds.n();
    }

    CellSummary withRatio(Double ratio) {
        return new CellSummary(key, elapsedSeconds, warmupRuns, usPerCallMedian, usPerCallMean, callsPerSecond,
                ratio, counts, warmupCounts);
    }
}
