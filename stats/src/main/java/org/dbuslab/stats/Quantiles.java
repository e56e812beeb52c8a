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

    /**
     * The fewest values whose range, min to max, covers the median with at least CONFIDENCE whatever their
     * distribution: it misses only when all fall on one side, 2 × 0.5^n. Fewer values give no interval of the median
     * at that confidence (5 values cover it 93.75 % of the time), so a bootstrap of them claims more than it covers.
     */
    public static int leastValuesForMedianInterval(double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1): " + confidence);
        }
        int n = 1;
        while (1 - 2 * Math.pow(0.5, n) < confidence) {
            n++;
        }
        return n;
    }

    /** The median of unsorted values; NaN for none. Does not change {@code values}. */
    public static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return ofSorted(sorted, 0.5);
    }
}
