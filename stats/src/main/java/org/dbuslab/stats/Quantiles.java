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

    /**
     * The median of the first {@code length} values of a reused buffer, in place and in linear time: the same value
     * {@link #ofSortedPrefix} gives after sorting them (the middle value, or the mean of the middle two found the same
     * way), without the n log n of the sort; the bootstrap takes it thousands of times per cell. For values without
     * NaN (a NaN would be sorted last; here it is compared as nothing). Reorders the prefix.
     */
    static double medianOfPrefix(double[] values, int length) {
        if (length == 0) {
            return Double.NaN;
        }
        double h = (length - 1) * 0.5;
        int below = (int) Math.floor(h);
        double lower = select(values, length, below);
        if (below >= length - 1) {
            return lower;
        }
        double upper = values[below + 1]; // after select, everything from below + 1 on is at least lower
        for (int i = below + 2; i < length; i++) {
            upper = Math.min(upper, values[i]);
        }
        return lower + (h - below) * (upper - lower);
    }

    /** Hoare's selection: puts the k-th smallest of values[0, length) at k, the smaller before it, the rest after. */
    private static double select(double[] values, int length, int k) {
        int left = 0;
        int right = length - 1;
        while (left < right) {
            int middle = (left + right) >>> 1;
            // median of three as pivot: sorted or constant runs stay linear
            if (values[middle] < values[left]) {
                swap(values, middle, left);
            }
            if (values[right] < values[left]) {
                swap(values, right, left);
            }
            if (values[right] < values[middle]) {
                swap(values, right, middle);
            }
            double pivot = values[middle];
            int i = left;
            int j = right;
            while (i <= j) {
                while (values[i] < pivot) {
                    i++;
                }
                while (pivot < values[j]) {
                    j--;
                }
                if (i <= j) {
                    swap(values, i, j);
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                right = j;
            } else if (k >= i) {
                left = i;
            } else {
                break;
            }
        }
        return values[k];
    }

    private static void swap(double[] values, int i, int j) {
        double t = values[i];
        values[i] = values[j];
        values[j] = t;
    }
}
