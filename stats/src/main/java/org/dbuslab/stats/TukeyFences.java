package org.dbuslab.stats;

import java.util.Arrays;

/**
 * Tukey's fences from the quartiles (type-7 quantiles, see {@link Quantiles}): a value more than
 * 1.5 × IQR outside the box is a mild outlier, more than 3 × IQR a severe one. Classification only:
 * a slow run caused by the machine is a real cost of that transport on that machine, so it stays in the data.
 */
public record TukeyFences(double q1, double q3) {

    static final double MILD = 1.5;
    static final double SEVERE = 3.0;

    /** Fences of a sample of at least one value. */
    public static TukeyFences of(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return new TukeyFences(Quantiles.ofSorted(sorted, 0.25), Quantiles.ofSorted(sorted, 0.75));
    }

    public double iqr() {
        return q3 - q1;
    }

    public double lowerInner() {
        return q1 - MILD * iqr();
    }

    public double upperInner() {
        return q3 + MILD * iqr();
    }

    public double lowerOuter() {
        return q1 - SEVERE * iqr();
    }

    public double upperOuter() {
        return q3 + SEVERE * iqr();
    }

    /** A value exactly on a fence is not beyond it. */
    public Outlier classify(double value) {
        if (value < lowerOuter()) {
            return Outlier.LOW_SEVERE;
        }
        if (value < lowerInner()) {
            return Outlier.LOW_MILD;
        }
        if (value > upperOuter()) {
            return Outlier.HIGH_SEVERE;
        }
        if (value > upperInner()) {
            return Outlier.HIGH_MILD;
        }
        return Outlier.NONE;
    }

    /** Counts of each class in a sample; no values, no outliers. */
    public static OutlierCounts count(double[] values) {
        if (values.length == 0) {
            return OutlierCounts.NONE;
        }
        TukeyFences fences = of(values);
        OutlierCounts counts = OutlierCounts.NONE;
        for (double value : values) {
            counts = counts.plus(fences.classify(value));
        }
        return counts;
    }
}
