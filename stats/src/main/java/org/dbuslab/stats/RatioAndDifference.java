package org.dbuslab.stats;

import java.util.List;

/**
 * The bootstrap intervals of median(a) / median(b) and median(a) − median(b), taken from the same replicates: both
 * statistics of one resampled pair of medians, so one pass of draws gives both (a comparison needs the two).
 */
public record RatioAndDifference(Interval ratio, Interval difference) {

    public static final RatioAndDifference UNDEFINED = new RatioAndDifference(Interval.UNDEFINED, Interval.UNDEFINED);

    /** The two statistics of one replicate's medians, in the order of the record's components. */
    static void fill(double[] statistics, double medianA, double medianB) {
        statistics[0] = medianA / medianB;
        statistics[1] = medianA - medianB;
    }

    static RatioAndDifference of(List<Interval> intervals) {
        return new RatioAndDifference(intervals.get(0), intervals.get(1));
    }
}
