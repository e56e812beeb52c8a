package org.dbuslab.analysis;

/** One row of runs.csv: one client run of {@code key.calls()} echo calls. */
record RunRecord(CellKey key, int run, long elapsedNs, Counts counts, Phase phase) {

    boolean measured() {
        return phase == Phase.MEASURE;
    }
}
