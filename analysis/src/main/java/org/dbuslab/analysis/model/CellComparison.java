package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.stats.Direction;
import org.dbuslab.stats.Equivalence;
import org.dbuslab.stats.SampleComparison;

import java.util.List;

/**
 * One cell's µs per call against the same cell of a baseline transport, run by run (paired by block where both were
 * measured in blocks), and whether the two are equivalent within the session's margin (TOST).
 */
public record CellComparison(CellSummary cell, CellSummary baseline, SampleComparison result, Equivalence equivalence) {

    /** A comparison not tested for equivalence (pipelined against sync: a different question). */
    public CellComparison(CellSummary cell, CellSummary baseline, SampleComparison result) {
        this(cell, baseline, result, Equivalence.UNTESTED);
    }

    public String baselineTransport() {
        return baseline.key().transport();
    }

    /** The exact U test cannot reach significance with so few runs on either side. */
    public boolean tooFewRunsToTell() {
        return result.tooFewRunsToTell();
    }

    public boolean equivalent() {
        return equivalence.equivalent();
    }

    /**
     * Whether this verdict holds in every placement the session measured (issue 21): where the scheduler puts the
     * wake-ups of a call can change the answer itself, a transport faster on one CPU being slower across CPUs. True
     * when the same comparison in another placement has another direction (faster in one, slower or no significant
     * difference in the other); such a verdict "depends on placement" and is never reported as faster or slower.
     */
    public boolean dependsOnPlacement(List<CellComparison> all) {
        Direction direction = result.direction();
        return inOtherPlacements(all).stream().anyMatch(c -> c.result().direction() != direction);
    }

    /** The same comparison (transport, mode, payload, window, baseline) in the session's other placements. */
    public List<CellComparison> inOtherPlacements(List<CellComparison> all) {
        CellKey key = cell.key();
        return all.stream().filter(c -> c != this && !c.cell().key().placement().equals(key.placement())
                && c.cell().key().withPlacement(key.placement()).withCalls(key.calls()).equals(key)
                && c.baselineTransport().equals(baselineTransport())).toList();
    }

    /** Below this half-width of the ratio's 95% CI, in %, a comparison is resolved (issue 21) even without a verdict. */
    public static final double RESOLVED_HALF_WIDTH_PCT = 3.0;

    /** Precise enough to tell: the ratio's 95% CI within ±3%, or an equivalence verdict. */
    public boolean resolved() {
        return result.ratioInterval().halfWidthPercentOf(result.ratioOfMedians()) <= RESOLVED_HALF_WIDTH_PCT || equivalent();
    }
}
