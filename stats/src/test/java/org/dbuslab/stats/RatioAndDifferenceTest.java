package org.dbuslab.stats;

import org.apache.commons.math3.random.RandomGenerator;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * A comparison's ratio and difference intervals come from one pass of draws: each must be exactly the interval a pass
 * of its own (a new generator from the seed, the same draws, one statistic) gives, as the reports had before.
 */
class RatioAndDifferenceTest {

    private static final double[] A = {101, 97.5, 110, 99, 104, 120, 98, 102.5, 100, 95};
    private static final double[] B = {80, 83, 79.5, 91, 85, 78, 88, 82, 84.5};
    private static final PercentileInterval PERCENTILE = new PercentileInterval(Bootstrap.DEFAULT_RESAMPLES,
            Bootstrap.DEFAULT_SEED, Bootstrap.DEFAULT_CONFIDENCE);

    @Test
    void runBootstrapsOnePassEqualsEachStatisticAlone() {
        RatioAndDifference both = Bootstrap.standard().ofRatioAndDifferenceOfMedians(A, B);
        assertEquals(PERCENTILE.of(r -> median(resample(A, r)) / median(resample(B, r))), both.ratio());
        assertEquals(PERCENTILE.of(r -> median(resample(A, r)) - median(resample(B, r))), both.difference());
        assertNotEquals(both.ratio(), both.difference());
    }

    @Test
    void blockBootstrapsOnePassEqualsEachStatisticAlone() {
        List<double[]> a = blocks(A);
        List<double[]> b = blocks(Arrays.copyOf(B, A.length - 1));
        b.add(new double[] {86, 87}); // blocks of two values: the pools differ from the runs
        a.set(a.size() - 1, new double[] {96, 94});
        RatioAndDifference both = BlockBootstrap.standard().ofRatioAndDifferenceOfMedians(a, b);
        int[] drawn = new int[a.size()];
        assertEquals(PERCENTILE.of(r -> pooledMedian(a, draw(drawn, r)) / pooledMedian(b, drawn)), both.ratio());
        assertEquals(PERCENTILE.of(r -> pooledMedian(a, draw(drawn, r)) - pooledMedian(b, drawn)), both.difference());
    }

    @Test
    void tooFewValuesLeaveBothUndefined() {
        assertSame(RatioAndDifference.UNDEFINED, Bootstrap.standard().ofRatioAndDifferenceOfMedians(A, new double[] {1}));
        assertSame(RatioAndDifference.UNDEFINED, BlockBootstrap.standard()
                .ofRatioAndDifferenceOfMedians(List.of(new double[] {1}), List.of(new double[] {2})));
    }

    private static double[] resample(double[] sample, RandomGenerator random) {
        double[] drawn = new double[sample.length];
        for (int i = 0; i < drawn.length; i++) {
            drawn[i] = sample[random.nextInt(sample.length)];
        }
        return drawn;
    }

    private static int[] draw(int[] drawn, RandomGenerator random) {
        for (int i = 0; i < drawn.length; i++) {
            drawn[i] = random.nextInt(drawn.length);
        }
        return drawn;
    }

    private static double pooledMedian(List<double[]> blocks, int[] drawn) {
        return median(Arrays.stream(drawn).mapToObj(blocks::get).flatMapToDouble(Arrays::stream).toArray());
    }

    private static double median(double[] values) {
        return Quantiles.median(values);
    }

    private static List<double[]> blocks(double[] values) {
        List<double[]> blocks = new ArrayList<>();
        Arrays.stream(values).forEach(v -> blocks.add(new double[] {v}));
        return blocks;
    }
}
