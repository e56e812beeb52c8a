package org.dbuslab.stats;

import org.apache.commons.math3.random.MersenneTwister;
import org.apache.commons.math3.random.RandomGenerator;

import java.util.Arrays;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.ToDoubleFunction;

/**
 * The percentile interval of bootstrap replicates, shared by {@link Bootstrap} and {@link BlockBootstrap}:
 * a new Mersenne Twister from the seed for every interval (so a value does not depend on which intervals
 * were computed before it), then the middle {@code confidence} of the sorted replicates (type-7 quantiles).
 */
record PercentileInterval(int resamples, long seed, double confidence) {

    PercentileInterval {
        if (resamples < 1 || !(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("resamples must be positive and confidence in (0, 1)");
        }
    }

    Interval of(ToDoubleFunction<RandomGenerator> replicate) {
        return ofEach(1, (random, statistics) -> statistics[0] = replicate.applyAsDouble(random)).get(0);
    }

    /**
     * The intervals of several statistics of the same replicates (e.g. the ratio and the difference of the same two
     * resampled medians): one stream of draws fills all of them, so each interval is the one {@link #of} gives for that
     * statistic alone, at the cost of one pass.
     *
     * @param replicate draws one replicate from the generator and writes its {@code count} statistics into the array
     */
    List<Interval> ofEach(int count, BiConsumer<RandomGenerator, double[]> replicate) {
        RandomGenerator random = new MersenneTwister(seed);
        double[][] replicates = new double[count][resamples];
        double[] statistics = new double[count];
        for (int i = 0; i < resamples; i++) {
            replicate.accept(random, statistics);
            for (int s = 0; s < count; s++) {
                replicates[s][i] = statistics[s];
            }
        }
        return Arrays.stream(replicates).map(this::interval).toList();
    }

    private Interval interval(double[] replicates) {
        Arrays.sort(replicates);
        double tail = (1 - confidence) / 2;
        return new Interval(Quantiles.ofSorted(replicates, tail), Quantiles.ofSorted(replicates, 1 - tail));
    }
}
