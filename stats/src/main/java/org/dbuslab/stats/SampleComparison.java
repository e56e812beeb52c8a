package org.dbuslab.stats;

import java.util.List;

/**
 * A candidate sample against a baseline sample, e.g. the µs per call of each run of dbus-broker against
 * those of dbus-daemon.
 *
 * <p>A difference counts as significant only when both tests agree: the bootstrap interval of the ratio of
 * medians excludes 1 <em>and</em> the test's p-value is below alpha. Either alone is too eager with
 * the few runs a session has (the percentile bootstrap is too narrow for 3–5 values; the rank tests ignore how
 * large the difference is), and a report that says "faster" when it cannot tell does more harm than one
 * that says "no significant difference".
 *
 * <p>Where the samples are so small that the exact test could never reach alpha ({@link #tooFewRunsToTell}: 3
 * against 3 runs, 5 paired blocks), both intervals are undefined. A percentile bootstrap of 2-5 values spans
 * little more than the values themselves, so it covers far less than its label; a session once read "too few
 * runs to tell, 8.35 (95% CI 5.19-8.59)" for 2 against 3 runs.
 *
 * <p>Unpaired ({@link #of}): the runs of each side are independent samples; run bootstrap and Mann-Whitney U.
 * Paired ({@link #paired}): the runs were made in blocks (one pass over every cell each) and are compared block by
 * block: each block's ratio of medians, their median over the blocks with its block bootstrap interval, and
 * Wilcoxon's signed-rank test of the same per-block ratios. Drift common to both cells of a block cancels in that
 * block's ratio. Re-analysing five default sessions of an Intel 2-vCPU VM, 66 instead of 44 of their 160 headline
 * comparisons were resolved (CI within ±3 %, or equivalent) than with the ratio of the pooled medians
 * (docs/EXPERIMENTS.md).
 *
 * @param ratioOfMedians      unpaired: median(candidate) / median(baseline); paired: the median over the blocks of
 *                            each block's ratio of medians; below 1 means lower values
 * @param difference          the same for median(candidate) − median(baseline), in the samples' unit
 * @param pairedBlocks        the number of blocks compared when paired; 0 when unpaired
 */
public record SampleComparison(double ratioOfMedians, Interval ratioInterval, double difference,
                               Interval differenceInterval, SignificanceTest test, double alpha, int pairedBlocks) {

    public static final double DEFAULT_ALPHA = 0.05;

    /**
     * The fewest paired blocks whose exact signed-rank test can go below p = 0.05 (two-sided, every block one way:
     * 2 / 2^6): with fewer, a paired comparison has no interval, so the runner does not count one met before it.
     */
    public static final int LEAST_PAIRED_BLOCKS = WilcoxonSignedRank.leastBlocksToReach(DEFAULT_ALPHA);

    public static SampleComparison of(double[] candidate, double[] baseline, Bootstrap bootstrap, double alpha) {
        if (candidate.length == 0 || baseline.length == 0) {
            throw new IllegalArgumentException("both samples need at least one value");
        }
        double candidateMedian = Quantiles.median(candidate);
        double baselineMedian = Quantiles.median(baseline);
        SignificanceTest test = SignificanceTest.of(MannWhitneyU.twoSided(candidate, baseline), candidate.length,
                baseline.length);
        RatioAndDifference intervals = test.cannotReach(alpha) ? RatioAndDifference.UNDEFINED
                : bootstrap.ofRatioAndDifferenceOfMedians(candidate, baseline);
        return new SampleComparison(
                candidateMedian / baselineMedian,
                intervals.ratio(),
                candidateMedian - baselineMedian,
                intervals.difference(),
                test,
                alpha, 0);
    }

    /**
     * @param candidate candidate.get(b): the candidate's values in block b
     * @param baseline  baseline.get(b): the baseline's values in the same block (aligned; a block empty on either
     *                  side is left out); at least one block with values on both sides
     */
    public static SampleComparison paired(List<double[]> candidate, List<double[]> baseline, BlockBootstrap bootstrap,
                                          double alpha) {
        BlockRatios blocks = BlockRatios.of(candidate, baseline);
        if (blocks.blocks() == 0) {
            throw new IllegalArgumentException("no block has values on both sides");
        }
        SignificanceTest test = WilcoxonSignedRank.ofRatios(blocks.ratios());
        RatioAndDifference intervals = test.cannotReach(alpha) ? RatioAndDifference.UNDEFINED
                : bootstrap.ofMedianOfBlockRatios(blocks);
        return new SampleComparison(
                blocks.medianRatio(),
                intervals.ratio(),
                blocks.medianDifference(),
                intervals.difference(),
                test,
                alpha, blocks.blocks());
    }

    public boolean paired() {
        return pairedBlocks > 0;
    }

    public boolean significant() {
        return ratioInterval.excludes(1.0) && test.pValue() < alpha;
    }

    public Direction direction() {
        if (!significant()) {
            return Direction.NOT_SIGNIFICANT;
        }
        return ratioInterval.high() < 1.0 ? Direction.LOWER : Direction.HIGHER;
    }

    /**
     * Whether these sample sizes could ever reach significance with the exact test; when not, the report
     * says "too few runs" rather than leaving the reader to think the transports perform the same.
     */
    public boolean tooFewRunsToTell() {
        return test.cannotReach(alpha);
    }
}
