package org.dbuslab.analysis;

import java.time.Instant;

/**
 * One row of runs.csv: one client run of {@code key.calls()} echo calls.
 *
 * @param startedUtc when the run started; null when runs.csv has no readable started_utc
 * @param latency    where the run's per-call latency histogram is; null when none was recorded
 */
record RunRecord(CellKey key, int run, long elapsedNs, Counts counts, Phase phase, Instant startedUtc,
                 LatencyRef latency) {

    private static final double NS_PER_US = 1e3;

    RunRecord(CellKey key, int run, long elapsedNs, Counts counts, Phase phase) {
        this(key, run, elapsedNs, counts, phase, null, null);
    }

    boolean measured() {
        return phase == Phase.MEASURE;
    }

    /** Run time divided by calls per run: what one round trip cost on average in this run. */
    double usPerCall() {
        return elapsedNs / NS_PER_US / key.calls();
    }
}
