package org.dbuslab.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WilcoxonSignedRankTest {

    private static final double[] EIGHT = {0.95, 0.97, 0.93, 1.01, 0.96, 0.94, 0.98, 0.92};
    private static final double[] TWENTY_FOUR = {0.95, 0.97, 0.93, 1.01, 0.96, 0.94, 0.98, 0.92, 1.02, 0.99, 0.97, 0.955,
            0.965, 1.005, 0.935, 0.925, 0.945, 0.975, 0.985, 0.915, 0.9, 1.03, 0.89, 0.88};

    /*
     * python3 -c "import numpy as np, scipy.stats as st; r=np.array([...]); print(st.wilcoxon(np.log(r)))"
     * 8 blocks: statistic 1.0, p 0.015625 (exact); 24 blocks: exact p 0.000128787, approx p 0.000136470.
     */
    @Test
    void agreesWithScipyWilcoxon() {
        SignificanceTest eight = WilcoxonSignedRank.ofRatios(EIGHT);
        assertTrue(eight.exact());
        assertEquals(0.015625, eight.pValue(), 1e-12);
        assertEquals(2 / 256.0, eight.smallestPossibleP(), 1e-15);
        SignificanceTest many = WilcoxonSignedRank.ofRatios(TWENTY_FOUR);
        assertFalse(many.exact());
        assertEquals(0.000136, many.pValue(), 0.00003); // commons-math's normal approximation
    }

    @Test
    void fiveBlocksCanNeverBeSignificant() {
        SignificanceTest five = WilcoxonSignedRank.ofRatios(new double[] {0.9, 0.91, 0.92, 0.93, 0.94});
        assertEquals(0.0625, five.pValue(), 1e-12);
        assertTrue(five.cannotReach(0.05));
        assertFalse(WilcoxonSignedRank.ofRatios(new double[] {0.9, 0.91, 0.92, 0.93, 0.94, 0.95}).cannotReach(0.05));
    }

    @Test
    void pairedComparisonUsesItAndTheBlockBootstrap() {
        List<double[]> a = new ArrayList<>();
        List<double[]> b = new ArrayList<>();
        for (int i = 0; i < EIGHT.length; i++) {
            double drift = 1 + 0.3 * Math.sin(i);
            a.add(new double[] {100 * drift * (0.95 + 0.1 * (EIGHT[i] - 0.95))}); // 5 % faster, ±0.6 % per block
            b.add(new double[] {100 * drift});
        }
        SampleComparison paired = SampleComparison.paired(a, b, BlockBootstrap.standard(), 0.05);
        assertTrue(paired.paired());
        assertEquals(8, paired.pairedBlocks());
        assertEquals(SignificanceTest.Kind.WILCOXON_SIGNED_RANK, paired.test().kind());
        assertEquals(2 / 256.0, paired.test().pValue(), 1e-12); // every block faster: the smallest p 8 blocks can give
        assertEquals(Direction.LOWER, paired.direction(), paired.toString());
        assertFalse(paired.tooFewRunsToTell());
    }
}
