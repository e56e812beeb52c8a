package org.dbuslab.analysis;

import java.time.Instant;

/**
 * One row of runs.csv: one client run of {@code key.calls()} calls.
 *
 * @param startedUtc when the run started; null when runs.csv has no readable started_utc
 * @param latency    where the run's per-call latency histogram is; null when none was recorded
 * @param fixedNs    for spam rows timed from outside: the start-up-plus-one-call cost measured in the same round;
 *                   null when runs.csv has none for this row
 * @param expected   the outcome the row is meant to have when it is not a clean run (e.g. LimitsExceeded); "" if none
 * @param jitMs      how long the client's JIT compiled during the run; null when runs.csv does not say (libdbus rows,
 *                   older sessions)
 */
record RunRecord(CellKey key, int run, long elapsedNs, Counts counts, Phase phase, Instant startedUtc,
                 LatencyRef latency, Long fixedNs, String expected, Long jitMs) {

    private static final double NS_PER_US = 1e3;

    RunRecord(CellKey key, int run, long elapsedNs, Counts counts, Phase phase) {
        this(key, run, elapsedNs, counts, phase, null, null);
    }

    RunRecord(CellKey key, int run, long elapsedNs, Counts counts, Phase phase, Instant startedUtc, LatencyRef latency) {
        this(key, run, elapsedNs, counts, phase, startedUtc, latency, null, "", null);
    }

    boolean measured() {
        return phase == Phase.MEASURE;
    }

    /** Whether the per-call time is (elapsed − fixed) / (calls − 1) rather than elapsed / calls. */
    boolean fixedCostCorrected() {
        return fixedNs != null && key.calls() > 1;
    }

    /** A run timed from outside whose fixed cost is unknown: its elapsed / calls includes start-up and connecting. */
    boolean fixedCostMissing() {
        return key.externallyTimed() && !fixedCostCorrected();
    }

    /**
     * What one call cost on average in this run: run time / calls, or for a spam row with a fixed cost
     * (elapsed_ns − fixed_ns) / (calls − 1), which removes process start, connecting and the first call.
     */
    double usPerCall() {
        if (fixedCostCorrected()) {
            return (elapsedNs - fixedNs) / NS_PER_US / (key.calls() - 1);
        }
        return elapsedNs / NS_PER_US / key.calls();
    }
}
