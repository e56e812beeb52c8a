package org.dbuslab.stats;

import org.apache.commons.math3.stat.inference.WilcoxonSignedRankTest;

import java.util.Arrays;

/**
 * The paired counterpart of the Mann-Whitney test: Wilcoxon's signed-rank test, two-sided, of per-block log ratios
 * against 0 (commons-math3's WilcoxonSignedRankTest). Logs, so a block where the candidate took 0.8 times as long
 * weighs as much as one where it took 1.25 times. Exact distribution up to {@value #EXACT_MAX_BLOCKS} blocks
 * (commons-math enumerates all 2^n sign patterns), normal approximation above.
 */
final class WilcoxonSignedRank {

    static final int EXACT_MAX_BLOCKS = 20;

    private WilcoxonSignedRank() {
    }

    /** @param ratios candidate / baseline per block, at least one, all above zero */
    static SignificanceTest ofRatios(double[] ratios) {
        double[] logs = Arrays.stream(ratios).map(Math::log).toArray();
        double[] zeros = new double[logs.length];
        boolean exact = logs.length <= EXACT_MAX_BLOCKS;
        WilcoxonSignedRankTest test = new WilcoxonSignedRankTest();
        double statistic = test.wilcoxonSignedRank(zeros, logs);
        double p = Math.min(1.0, test.wilcoxonSignedRankTest(zeros, logs, exact));
        return new SignificanceTest(SignificanceTest.Kind.WILCOXON_SIGNED_RANK, statistic, p, exact,
                smallestPossibleP(logs.length));
    }

    /** The smallest two-sided p of the exact test of BLOCKS blocks: every block one way, 2 / 2^blocks. */
    static double smallestPossibleP(int blocks) {
        return Math.min(1.0, 2 / Math.pow(2, blocks));
    }

    /** The fewest blocks whose exact test can go below ALPHA. */
    static int leastBlocksToReach(double alpha) {
        int blocks = 1;
        while (smallestPossibleP(blocks) >= alpha) {
            blocks++;
        }
        return blocks;
    }
}
