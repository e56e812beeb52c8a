package org.dbuslab.stats;

import org.apache.commons.math3.random.RandomGenerator;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The median of a bootstrap replicate from how often each group of values was drawn, without gathering and
 * selecting the drawn values: the values are sorted once, and each replicate walks them in order, adding each one's
 * group count, until it reaches the middle. A group is one run (each value its own group) or one block (its runs'
 * values). The result is {@link Quantiles#ofSorted} at 0.5 of the pooled draws, bit for bit, since it takes the same
 * two order statistics and the same interpolation: gathering the draws and selecting their median took half of a
 * report's CPU.
 */
final class CountedMedian {

    private final double[] sorted;
    private final int[] groupOfSorted;
    private final int[] groupSizes;

    /**
     * @param groups groups[g] = the values of group g. A NaN (a ratio of two zero medians) sorts last, as in
     *               {@link Quantiles#median}; the selection this replaced left it anywhere, so only NaN-free values
     *               give the same intervals as before.
     */
    CountedMedian(double[][] groups) {
        int total = Arrays.stream(groups).mapToInt(group -> group.length).sum();
        double[] values = new double[total];
        int[] groupOf = new int[total];
        groupSizes = new int[groups.length];
        int at = 0;
        for (int g = 0; g < groups.length; g++) {
            groupSizes[g] = groups[g].length;
            for (double value : groups[g]) {
                values[at] = value;
                groupOf[at++] = g;
            }
        }
        Integer[] order = IntStream.range(0, total).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> values[i]));
        sorted = new double[total];
        groupOfSorted = new int[total];
        for (int r = 0; r < total; r++) {
            sorted[r] = values[order[r]];
            groupOfSorted[r] = groupOf[order[r]];
        }
    }

    /** Each value a group of its own: counts[i] = how often value i was drawn. */
    static CountedMedian ofValues(double[] values) {
        return new CountedMedian(Arrays.stream(values).mapToObj(value -> new double[] {value}).toArray(double[][]::new));
    }

    /**
     * One replicate's draws: as many as there are groups, with replacement, in the order the bootstrap has always
     * drawn them (so the same seed gives the same replicates); counts[g] = how often group g was drawn.
     */
    static int[] draw(int[] counts, RandomGenerator random) {
        Arrays.fill(counts, 0);
        for (int i = 0; i < counts.length; i++) {
            counts[random.nextInt(counts.length)]++;
        }
        return counts;
    }

    /**
     * @param counts counts[g] = how often group g was drawn
     * @return the median of the pooled values (each group's values counts[g] times); NaN when none were drawn
     */
    double medianOf(int[] counts) {
        long length = 0;
        for (int g = 0; g < counts.length; g++) {
            length += (long) counts[g] * groupSizes[g];
        }
        if (length == 0) {
            return Double.NaN;
        }
        double h = (length - 1) * 0.5;
        long below = (long) Math.floor(h);
        long seen = 0;
        int r = 0;
        while (seen + counts[groupOfSorted[r]] <= below) {
            seen += counts[groupOfSorted[r++]];
        }
        double lower = sorted[r];
        if (below >= length - 1) {
            return lower;
        }
        // the next order statistic: the same value while this one's copies last, else the next drawn value
        if (seen + counts[groupOfSorted[r]] <= below + 1) {
            r++;
            while (counts[groupOfSorted[r]] == 0) {
                r++;
            }
        }
        double upper = sorted[r];
        return lower + (h - below) * (upper - lower);
    }
}
