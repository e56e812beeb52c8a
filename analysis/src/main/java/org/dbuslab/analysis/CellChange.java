package org.dbuslab.analysis;

import org.dbuslab.analysis.stats.SampleComparison;

/** One cell of a new session against the same cell of a base session. */
record CellChange(CellSummary base, CellSummary current, SampleComparison result, Change change) {

    CellKey key() {
        return current.key();
    }
}
