package org.dbuslab.runner.progress;

import org.dbuslab.stats.TwoLevelNoise;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NoiseForecastTest {

    private static final List<TwoLevelNoise> CELLS = List.of(
        new TwoLevelNoise(0.0001, 0.0004, 1),  // 1% runs, 2% block means
        new TwoLevelNoise(0.0004, 0.0009, 1),  // the median cell: 3% block means
        new TwoLevelNoise(0.0009, 0.0036, 1)); // the worst: 6%

    @Test
    void saysWhatTheBudgetBuysAndWhatThePrecisionTargetWouldNeed() {
        List<String> lines = NoiseForecast.lines(CELLS, 100, 3.0, Duration.ofSeconds(2), Duration.ofMinutes(1), 50, 20);
        assertEquals(3, lines.size(), lines.toString());
        // 3% sd over 100 blocks: t(99) x 0.3% = 0.6%; the worst 1.2%
        assertTrue(lines.get(0).contains("the budget's 100 blocks buy about +-0.6% at the median cell, +-1.2% at the worst"),
            lines.get(0));
        assertTrue(lines.get(0).contains("run-to-run sd 2.0% (median cell)"), lines.get(0));
        // the worst cell: 6% sd needs (1.96 x 6 / 3)^2 ~ 17 blocks
        int worst = CELLS.get(2).blocksFor(3.0, 100_000);
        assertTrue(worst >= 16 && worst <= 19, "t makes it a little more than 15.4: " + worst);
        assertTrue(lines.get(2).contains("about " + worst + " blocks for every matrix cell"), lines.get(2));
        assertTrue(lines.get(2).contains("a budget of about 1m" + String.format("%02d", 2 * worst) + "s")
            || lines.get(2).contains("a budget of about"), lines.get(2));
    }

    @Test
    void withoutATargetItOnlySaysWhatTheBudgetBuys() {
        assertEquals(2, NoiseForecast.lines(CELLS, 10, Double.NaN, Duration.ofSeconds(2), Duration.ZERO, 50, 0).size());
    }

    @Test
    void runsThatVariedMoreInTheWarmUpThanTheBlocksDoAreNotAReasonForMoreRunsPerBlock() {
        List<TwoLevelNoise> warmUpNoisier = List.of(new TwoLevelNoise(0.16, 0.01, 1), new TwoLevelNoise(0.25, 0.0144, 1),
            new TwoLevelNoise(0.09, 0.0049, 1)); // paired warm-up runs 30-50%, measured blocks 7-12%
        String second = NoiseForecast.lines(warmUpNoisier, 50, 3.0, Duration.ofSeconds(8), Duration.ofMinutes(4), 45, 400).get(1);
        assertTrue(second.contains("not told apart here"), second);
        assertTrue(second.contains("sd 40.0%") && second.contains("sd 10.0%"), second);
        String usual = NoiseForecast.lines(CELLS, 100, 3.0, Duration.ofSeconds(2), Duration.ofMinutes(1), 50, 20).get(1);
        assertTrue(usual.startsWith("   runs per block worth making: "), usual);
        assertTrue(!usual.contains("not told apart"), usual);
    }
}
