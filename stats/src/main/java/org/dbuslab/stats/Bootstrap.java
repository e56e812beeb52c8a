package org.dbuslab.stats;

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
    /**
     * The fewest values whose median can have an interval at DEFAULT_CONFIDENCE at all (6): the report marks a cell of
     * fewer, and the session runner counts none met, however narrow the bootstrap's interval of so few.
     */
    public static final int LEAST_VALUES_FOR_A_MEDIAN = Quantiles.leastValuesForMedianInterval(DEFAULT_CONFIDENCE);

    private final PercentileInterval percentile;

    public Bootstrap(int resamples, long seed, double confidence) {
        this.percentile = new PercentileInterval(resamples, seed, confidence);
    }

    public static Bootstrap standard() {
        return new Bootstrap(DEFAULT_RESAMPLES, DEFAULT_SEED, DEFAULT_CONFIDENCE);
    }

    /**
     * Runs × resamples a folder's intervals may cost: a folder of up to 10000 measured runs gets the full
     * {@link #DEFAULT_RESAMPLES}. At 2 × 10^8, 10^5 runs took 30 s of CPU (the 2-core box at load 13-18).
     */
    public static final long DRAW_BUDGET = 100_000_000L;
    /**
     * The fewest resamples a large folder gets: the 2.5 % and 97.5 % tails still rest on 5 replicates each, and a
     * cell of thousands of runs has a narrow interval anyway.
     */
    public static final int MIN_RESAMPLES = 200;

    /**
     * {@link #standard()}, with fewer resamples when {@code runs} (all of a folder's measured runs) times 10000 would
     * exceed the {@link #DRAW_BUDGET}: a replicate draws every run, so a folder of 10^6 runs would otherwise take
     * hours; never fewer than {@link #MIN_RESAMPLES}.
     */
    public static Bootstrap forRuns(long runs) {
        long resamples = runs <= 0 ? DEFAULT_RESAMPLES : Math.min(DEFAULT_RESAMPLES, DRAW_BUDGET / runs);
        return new Bootstrap((int) Math.max(MIN_RESAMPLES, resamples), DEFAULT_SEED, DEFAULT_CONFIDENCE);
    }

    /** Whether this bootstrap has fewer resamples than {@link #standard()}. */
    public boolean reduced() {
        return resamples() < DEFAULT_RESAMPLES;
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
        CountedMedian median = CountedMedian.ofValues(sample);
        int[] counts = new int[sample.length];
        return percentile.of(random -> median.medianOf(CountedMedian.draw(counts, random)));
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
        CountedMedian medianA = CountedMedian.ofValues(a);
        CountedMedian medianB = CountedMedian.ofValues(b);
        int[] countsA = new int[a.length];
        int[] countsB = new int[b.length];
        return RatioAndDifference.of(percentile.ofEach(2, (random, statistics) -> {
            double replicateA = medianA.medianOf(CountedMedian.draw(countsA, random));
            RatioAndDifference.fill(statistics, replicateA, medianB.medianOf(CountedMedian.draw(countsB, random)));
        }));
    }
}
