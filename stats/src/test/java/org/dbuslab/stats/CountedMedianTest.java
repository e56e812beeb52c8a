package org.dbuslab.stats;

import org.apache.commons.math3.random.MersenneTwister;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CountedMedianTest {

    /** The median from counts is exactly the sorted median of the pooled draws, bit for bit, ties and all. */
    @Test
    void theCountedMedianIsExactlyTheSortedMedianOfThePooledDraws() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 3000; trial++) {
            double[][] groups = new double[1 + random.nextInt(12)][];
            for (int g = 0; g < groups.length; g++) {
                groups[g] = new double[trial % 2 == 0 ? 1 : random.nextInt(6)]; // runs, or blocks of 0-5 runs
                for (int i = 0; i < groups[g].length; i++) {
                    groups[g][i] = trial % 3 == 0 ? random.nextInt(4) : random.nextDouble() * 1000; // ties, or none
                }
            }
            int[] counts = new int[groups.length];
            double[] pooled = new double[0];
            for (int g = 0; g < groups.length; g++) {
                counts[g] = random.nextInt(4);
                for (int c = 0; c < counts[g]; c++) {
                    pooled = concat(pooled, groups[g]);
                }
            }
            Arrays.sort(pooled);
            double expected = pooled.length == 0 ? Double.NaN : Quantiles.ofSorted(pooled, 0.5);
            assertEquals(expected, new CountedMedian(groups).medianOf(counts), 0.0,
                "trial " + trial + ", " + pooled.length + " pooled values");
        }
    }

    @Test
    void nothingDrawnHasNoMedian() {
        assertTrue(Double.isNaN(CountedMedian.ofValues(new double[] {1, 2}).medianOf(new int[2])));
    }

    /** The draws are the ones the bootstrap always made: index after index from nextInt(n), n of them. */
    @Test
    void drawingCountsTheSameIndicesAsDrawingOneByOne() {
        MersenneTwister one = new MersenneTwister(20150430L);
        MersenneTwister other = new MersenneTwister(20150430L);
        for (int replicate = 0; replicate < 50; replicate++) {
            int[] expected = new int[9];
            for (int i = 0; i < expected.length; i++) {
                expected[one.nextInt(expected.length)]++;
            }
            assertArrayEquals(expected, CountedMedian.draw(new int[9], other));
        }
    }

    private static double[] concat(double[] a, double[] b) {
        double[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
