package org.dbuslab.analysis;

import org.dbuslab.stats.SampleComparison;

/** One cell's µs per call against the same cell of a baseline transport, run by run. */
record CellComparison(CellSummary cell, CellSummary baseline, SampleComparison result) {

    String baselineTransport() {
        return baseline.key().transport();
    }

    /** The exact U test cannot reach significance with so few runs on either side. */
    boolean tooFewRunsToTell() {
        return result.tooFewRunsToTell();
    }
}
