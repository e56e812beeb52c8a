package org.dbuslab.analysis.stats;

import org.apache.commons.math3.random.MersenneTwister;
import org.apache.commons.math3.random.RandomGenerator;

import java.util.Arrays;
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
        RandomGenerator random = new MersenneTwister(seed);
        double[] replicates = new double[resamples];
        for (int i = 0; i < resamples; i++) {
            replicates[i] = replicate.applyAsDouble(random);
        }
        Arrays.sort(replicates);
        double tail = (1 - confidence) / 2;
        return new Interval(Quantiles.ofSorted(replicates, tail), Quantiles.ofSorted(replicates, 1 - tail));
    }
}
