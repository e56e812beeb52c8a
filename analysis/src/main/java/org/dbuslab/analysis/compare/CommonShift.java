package org.dbuslab.analysis.compare;

import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.Quantiles;

/**
 * What two sessions' cells share: the median over the matched cells of each cell's ratio of medians (new / base),
 * with its bootstrap 95% CI over the cells. On this 2-core VM two default sessions of the same code, ten minutes
 * apart, differed by a median 6% over 188 cells (docs/EXPERIMENTS.md): most of what tells two sessions apart is
 * the machine's state, common to every cell, as most of the noise within a session is common to a block's cells.
 * compare judges each cell beyond this shift, and the shift itself against its own threshold: a change shared by
 * every cell cannot be told from a change of the machine unless it is larger than the machine's own.
 *
 * @param factor   the shift; 1 when not estimated ({@link #NONE})
 * @param cells    how many cells it is the median of; 0 when not estimated
 * @param change   the shift's verdict against {@code threshold}
 */
public record CommonShift(double factor, Interval interval, int cells, double threshold, Change change) {

    /** Fewer matched cells than this and one cell's own change would move the median: no shift is estimated. */
    public static final int MIN_CELLS = 10;

    public static final CommonShift NONE = new CommonShift(1, Interval.UNDEFINED, 0, Double.NaN, Change.NO_CHANGE);

    /**
     * @param ratios    each matched cell's ratio of medians, new / base
     * @param threshold the smallest shift that counts as a change of every cell, e.g. 0.10
     */
    public static CommonShift of(double[] ratios, double threshold, Bootstrap bootstrap) {
        double[] finite = java.util.Arrays.stream(ratios).filter(r -> r > 0 && Double.isFinite(r)).toArray();
        if (finite.length < MIN_CELLS) {
            return NONE;
        }
        double factor = Quantiles.median(finite);
        Interval interval = bootstrap.ofMedian(finite);
        Change change = Change.NO_CHANGE;
        if (interval.isDefined() && interval.low() > 1 + threshold) {
            change = Change.REGRESSED;
        } else if (interval.isDefined() && interval.high() < 1 - threshold) {
            change = Change.IMPROVED;
        }
        return new CommonShift(factor, interval, finite.length, threshold, change);
    }

    public boolean estimated() {
        return cells > 0;
    }
}
