package org.dbuslab.analysis.model;

import org.dbuslab.stats.SampleComparison;

/** One cell's µs per call against the same cell of a baseline transport, run by run. */
public record CellComparison(CellSummary cell, CellSummary baseline, SampleComparison result) {

    public String baselineTransport() {
        return baseline.key().transport();
    }

    /** The exact U test cannot reach significance with so few runs on either side. */
    public boolean tooFewRunsToTell() {
        return result.tooFewRunsToTell();
    }
}
