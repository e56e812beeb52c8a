package org.dbuslab.analysis.compare;

import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.stats.Equivalence;
import org.dbuslab.stats.SampleComparison;

/**
 * One cell of a new session against the same cell of a base session, and whether the two are equivalent within the
 * margin (TOST on the ratio beyond the common shift).
 */
public record CellChange(CellSummary base, CellSummary current, SampleComparison result, Change change, Equivalence equivalence) {

    public CellChange(CellSummary base, CellSummary current, SampleComparison result, Change change) {
        this(base, current, result, change, Equivalence.UNTESTED);
    }

    public CellKey key() {
        return current.key();
    }

    /** The cell's label; cells matched across calls per run name both, e.g. "… calls 676 → 702". */
    public String label() {
        int before = base.key().calls();
        int now = current.key().calls();
        return before == now ? key().label() : base.key().label() + " \u2192 " + now;
    }
}
