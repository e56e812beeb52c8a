package org.dbuslab.stats;

import org.apache.commons.math3.random.RandomGenerator;

import java.util.Arrays;

/**
 * Percentile bootstrap confidence intervals (Efron): resample the runs with replacement, recompute the
 * statistic, and take the middle {@code confidence} of the replicates (type-7 quantiles). Medians are used
 * because run times are skewed by the occasional slow run, and the bootstrap needs no normality.
 *
 * <p>Reproducible: every interval starts a new Mersenne Twister from the same seed, so a value does not
 * depend on which other intervals were computed before it. A sample needs at least two values; with
 * fewer the interval is {@link Interval#UNDEFINED}. With very few runs (3–5) the percentile interval is
 * known to be too narrow, which is why a verdict also requires the Mann-Whitney test.
 */
public final class Bootstrap {

    public static final int DEFAULT_RESAMPLES = 10_000;
    /** The day kdbus' numbers were posted to LKML: any fixed value will do, this one is memorable. */
    public static final long DEFAULT_SEED = 20150430L;
    public static final double DEFAULT_CONFIDENCE = 0.95;

    private final PercentileInterval percentile;

    public Bootstrap(int resamples, long seed, double confidence) {
        this.percentile = new PercentileInterval(resamples, seed, confidence);
    }

    public static Bootstrap standard() {
        return new Bootstrap(DEFAULT_RESAMPLES, DEFAULT_SEED, DEFAULT_CONFIDENCE);
    }

    public int resamples() {
        return percentile.resamples();
    }

    public long seed() {
        return percentile.seed();
    }

    public double confidence() {
        return percentile.confidence();
    }

    /** Interval of the median of one sample. */
    public Interval ofMedian(double[] sample) {
        if (sample.length < 2) {
            return Interval.UNDEFINED;
        }
        return percentile.of(random -> medianOf(resample(sample, random)));
    }

    /** Interval of median(numerator) / median(denominator), the two samples resampled independently. */
    public Interval ofRatioOfMedians(double[] numerator, double[] denominator) {
        return ofRatioAndDifferenceOfMedians(numerator, denominator).ratio();
    }

    /** Interval of median(a) − median(b), the two samples resampled independently. */
    public Interval ofDifferenceOfMedians(double[] a, double[] b) {
        return ofRatioAndDifferenceOfMedians(a, b).difference();
    }

    /** Both intervals of one pass: each replicate resamples a, then b, and gives its ratio and difference of medians. */
    public RatioAndDifference ofRatioAndDifferenceOfMedians(double[] a, double[] b) {
        if (a.length < 2 || b.length < 2) {
            return RatioAndDifference.UNDEFINED;
        }
        return RatioAndDifference.of(percentile.ofEach(2, (random, statistics) -> {
            double medianA = medianOf(resample(a, random));
            RatioAndDifference.fill(statistics, medianA, medianOf(resample(b, random)));
        }));
    }

    /** A resample of the same size, drawn with replacement, returned sorted. */
    private static double[] resample(double[] sample, RandomGenerator random) {
        double[] drawn = new double[sample.length];
        for (int i = 0; i < drawn.length; i++) {
            drawn[i] = sample[random.nextInt(sample.length)];
        }
        Arrays.sort(drawn);
        return drawn;
    }

    private static double medianOf(double[] sorted) {
        return Quantiles.ofSorted(sorted, 0.5);
    }
}
