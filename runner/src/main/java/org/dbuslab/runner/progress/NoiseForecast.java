package org.dbuslab.runner.progress;

import org.dbuslab.runner.options.Durations;
import org.dbuslab.stats.Quantiles;
import org.dbuslab.stats.TwoLevelNoise;

import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * What the budget buys on this machine, from the matrix cells' own noise (TwoLevelNoise: runs made twice in the
 * block after the warm-up, and the first measured blocks): the median and worst cell's expected 95% CI half-width
 * after the blocks the budget holds, the blocks (and budget) --precision would need, and Kalibera and Jones's runs
 * per block. The expected half-width is the mean's; the median's bootstrap CI is about 1.25 times as wide for
 * normal noise, so these lines are an optimistic floor.
 */
public final class NoiseForecast {

    private static final int MAX_BLOCKS = 100_000;

    private NoiseForecast() {
    }

    /**
     * @param noise      each matrix cell's noise
     * @param blocks     measured blocks the whole budget holds (made plus still allowed)
     * @param targetPct  --precision, or NaN
     * @param perBlock   how long a measured block takes
     * @param sessionSoFar the session's time until the measured blocks began (start-up, warm-up)
     * @param runMs      a matrix run's typical length; blockMs: what a block costs besides its runs (placement moves)
     */
    public static List<String> lines(Collection<TwoLevelNoise> noise, int blocks, double targetPct, Duration perBlock,
                                     Duration sessionSoFar, double runMs, double blockMs) {
        double[] run = noise.stream().mapToDouble(n -> 100 * Math.sqrt(n.runVariance())).filter(Double::isFinite).toArray();
        double[] block = noise.stream().mapToDouble(n -> 100 * Math.sqrt(n.blockComponent())).toArray();
        double[] buys = noise.stream().mapToDouble(n -> n.halfWidthPct(blocks)).toArray();
        String first = String.format(java.util.Locale.ROOT, "   noise (Kalibera & Jones, %d matrix cells): run-to-run sd"
                + " %.1f%% (median cell), block-to-block %.1f%%; the budget's %d blocks buy about +-%.1f%% at the median"
                + " cell, +-%.1f%% at the worst", noise.size(), Quantiles.median(run), Quantiles.median(block), blocks,
                Quantiles.median(buys), max(buys));
        int[] runsPerBlock = noise.stream().mapToInt(n -> n.optimalRunsPerBlock(runMs, blockMs)).sorted().toArray();
        double[] total = noise.stream().mapToDouble(n -> 100 * Math.sqrt(n.blockVariance())).toArray();
        // the run-to-run part comes from runs paired in a warm-up block; when those vary more than the measured blocks
        // do, the block-level part comes out 0 and "as many runs as the budget holds" would follow from a warm-up
        // artefact: a session that made 3 runs a block found about half of a cell's variance shared within its block
        boolean separable = run.length == 0 || Quantiles.median(run) <= Quantiles.median(total);
        String second = separable
                ? String.format(java.util.Locale.ROOT, "   runs per block worth making: %s (a run ~%.0f ms, a block's"
                + " overhead ~%.0f ms)", runsPerBlock.length == 0 ? "1" : shown(runsPerBlock[runsPerBlock.length / 2]),
                runMs, blockMs)
                : String.format(java.util.Locale.ROOT, "   runs per block worth making: not told apart here (the warm-up's"
                + " paired runs vary more, sd %.1f%%, than the measured blocks, sd %.1f%%); one per block, as a session with 3"
                + " found half of a cell's variance shared within its block (docs/EXPERIMENTS.md)", Quantiles.median(run),
                Quantiles.median(total));
        if (!Double.isFinite(targetPct)) {
            return List.of(first, second);
        }
        int[] needed = noise.stream().mapToInt(n -> n.blocksFor(targetPct, MAX_BLOCKS)).sorted().toArray();
        int worst = needed.length == 0 ? 0 : needed[needed.length - 1];
        Duration budget = sessionSoFar.plus(perBlock.multipliedBy(worst));
        String third = String.format(java.util.Locale.ROOT, "   --precision %.1f would need about %d blocks for every"
                + " matrix cell (%d for the median cell): a budget of about %s", targetPct, worst,
                needed.length == 0 ? 0 : needed[needed.length / 2], worst >= MAX_BLOCKS ? "more than can be said"
                : Durations.format(budget));
        return List.of(first, second, third);
    }

    private static String shown(int runs) {
        return runs == Integer.MAX_VALUE ? "as many as the budget holds (no block-level noise)" : Integer.toString(runs);
    }

    private static double max(double[] values) {
        double m = Double.NaN;
        for (double v : values) {
            m = Double.isNaN(m) || v > m ? v : m;
        }
        return m;
    }
}
