package org.dbuslab.analysis.stats;

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
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double h = (sorted.length - 1) * p;
        int below = (int) Math.floor(h);
        if (below >= sorted.length - 1) {
            return sorted[sorted.length - 1];
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
