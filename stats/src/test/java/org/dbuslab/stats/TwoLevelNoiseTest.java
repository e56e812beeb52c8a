package org.dbuslab.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TwoLevelNoiseTest {

    /** Blocks around 100 with a block effect of sd BLOCK and a run effect of sd RUN (both absolute). */
    private static TwoLevelNoise simulate(double block, double run, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<double[]> pairs = new ArrayList<>();
        double[] blocks = new double[400];
        for (int b = 0; b < blocks.length; b++) {
            double level = 100 + block * gaussian(random);
            blocks[b] = level + run * gaussian(random);
            pairs.add(new double[] {level + run * gaussian(random), level + run * gaussian(random)});
        }
        return TwoLevelNoise.of(pairs, blocks, 1);
    }

    private static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    @Test
    void theTwoLevelsAreToldApart() {
        TwoLevelNoise n = simulate(3, 4, 1);
        assertEquals(0.0016, n.runVariance(), 0.0003, "run sd 4% of 100");
        assertEquals(0.0025, n.blockVariance(), 0.0005, "block means: 3^2 + 4^2");
        assertEquals(0.0009, n.blockComponent(), 0.0005, "T2: the block effect's 3^2");
    }

    @Test
    void halfWidthShrinksWithTheRootOfTheBlocksAndTheTargetSaysHowManyAreNeeded() {
        TwoLevelNoise n = new TwoLevelNoise(0.0004, 0.0025, 1); // block means: 5% sd
        assertEquals(100 * 1.984 * 0.05 / 10, n.halfWidthPct(100), 0.01);
        int blocks = n.blocksFor(1.0, 10_000);
        assertTrue(n.halfWidthPct(blocks) <= 1.0 && n.halfWidthPct(blocks - 1) > 1.0, "the fewest: " + blocks);
        assertEquals(50, n.blocksFor(0.001, 50), "capped");
    }

    @Test
    void moreRunsPerBlockPayOnlyWhenBlocksCostAndRunNoiseDominates() {
        TwoLevelNoise runNoise = new TwoLevelNoise(0.01, 0.0102, 1); // T2 = 0.0002
        assertEquals(1, runNoise.optimalRunsPerBlock(50, 0), "a block costs nothing extra");
        assertEquals(8, runNoise.optimalRunsPerBlock(50, 50), "ceil(sqrt(50 x 0.01 / (50 x 0.0002))) = ceil(7.07)");
        TwoLevelNoise blockNoise = new TwoLevelNoise(0.0001, 0.01, 1);
        assertEquals(1, blockNoise.optimalRunsPerBlock(50, 50));
    }
}
