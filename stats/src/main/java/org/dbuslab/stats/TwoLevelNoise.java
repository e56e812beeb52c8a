package org.dbuslab.stats;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

import java.util.List;

/**
 * One cell's noise at two levels, after Kalibera and Jones, "Rigorous benchmarking in reasonable time" (ISMM 2013):
 * run-to-run (runs of one block) and block-to-block (the blocks' means), both relative to the grand mean, and
 * what they imply for a budget: the CI half-width a number of blocks buys, the blocks a target needs, and the
 * runs per block worth making.
 *
 * @param runVariance   S1^2 / mean^2: the pooled within-block variance of single runs
 * @param blockVariance S2^2 / mean^2: the variance of the block means (for blocks of {@code runsPerBlock} runs)
 * @param runsPerBlock  the runs per block the block means were made of
 */
public record TwoLevelNoise(double runVariance, double blockVariance, int runsPerBlock) {

    /**
     * @param pairs  runs made twice in one block (each element 2 or more values of one block), for S1^2
     * @param blocks one value per block (the mean of its {@code runsPerBlock} runs), for S2^2
     */
    public static TwoLevelNoise of(List<double[]> pairs, double[] blocks, int runsPerBlock) {
        SummaryStatistics all = new SummaryStatistics();
        for (double b : blocks) {
            all.addValue(b);
        }
        double mean = all.getMean();
        double within = 0;
        int df = 0;
        for (double[] runs : pairs) {
            if (runs.length < 2) {
                continue;
            }
            SummaryStatistics s = new SummaryStatistics();
            for (double r : runs) {
                s.addValue(r);
            }
            within += s.getVariance() * (runs.length - 1);
            df += runs.length - 1;
        }
        double s1 = df > 0 ? within / df : Double.NaN;
        return new TwoLevelNoise(s1 / (mean * mean), all.getVariance() / (mean * mean), runsPerBlock);
    }

    /**
     * T2 / mean^2 = S2^2 - S1^2 / r: the part of the block means' variance more runs per block cannot remove
     * (never below 0).
     */
    public double blockComponent() {
        double t2 = blockVariance - (Double.isNaN(runVariance) ? 0 : runVariance / runsPerBlock);
        return Math.max(0, t2);
    }

    /** The expected 95% CI half-width of the mean, in % of it, after BLOCKS blocks like these. */
    public double halfWidthPct(int blocks) {
        if (blocks < 2) {
            return Double.NaN;
        }
        double t = new TDistribution(blocks - 1).inverseCumulativeProbability(0.975);
        return 100 * t * Math.sqrt(blockVariance / blocks);
    }

    /** The fewest blocks whose expected half-width is within TARGETPCT; MAX when even MAX are not enough. */
    public int blocksFor(double targetPct, int max) {
        for (int n = 2; n <= max; n++) {
            if (halfWidthPct(n) <= targetPct) {
                return n;
            }
        }
        return max;
    }

    /**
     * Kalibera and Jones's optimal runs per block, ceil(sqrt(c2 S1^2 / (c1 T2))): c1 the cost of a run, c2 what a
     * block costs besides its runs. 1 when the block-level noise dominates or blocks cost nothing extra.
     */
    public int optimalRunsPerBlock(double runCost, double blockCost) {
        double t2 = blockComponent();
        if (Double.isNaN(runVariance) || runCost <= 0) {
            return 1;
        }
        if (t2 <= 0) {
            return Integer.MAX_VALUE; // no block-level noise: one long block would do
        }
        return Math.max(1, (int) Math.ceil(Math.sqrt(blockCost * runVariance / (runCost * t2))));
    }
}
