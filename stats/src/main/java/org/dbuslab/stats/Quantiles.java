package org.dbuslab.stats;

import java.util.Arrays;

/**
 * Quantiles by linear interpolation between order statistics: Hyndman &amp; Fan type 7, the default of
 * numpy.percentile and R, so reference values are easy to reproduce. Used for medians, quartiles and the
 * bootstrap's percentile interval alike, so every number in the report means the same kind of quantile.
 */
public final class Quantiles {

    private Quantiles() {
    }

    /** @param sorted ascending values, at least one; @param p in [0, 1] */
    public static double ofSorted(double[] sorted, double p) {
        return ofSortedPrefix(sorted, sorted.length, p);
    }

    /** As {@link #ofSorted} for the first {@code length} values (ascending) of a reused buffer. */
    static double ofSortedPrefix(double[] sorted, int length, double p) {
        if (length == 0) {
            return Double.NaN;
        }
        double h = (length - 1) * p;
        int below = (int) Math.floor(h);
        if (below >= length - 1) {
            return sorted[length - 1];
        }
        return sorted[below] + (h - below) * (sorted[below + 1] - sorted[below]);
    }

    /** The median of unsorted values; NaN for none. Does not change {@code values}. */
    public static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return ofSorted(sorted, 0.5);
    }
}
