package org.dbuslab.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Block bootstrap: percentile intervals that resample whole blocks with replacement instead of single runs.
 * A block is one pass over every cell of a session's plan, so two cells' runs in the same block ran within
 * moments of each other and share the machine's drift of that moment (another tenant, the CPU's clock). A
 * comparison that draws the same blocks for both cells keeps that common-mode drift in both numerator and
 * denominator, where it cancels, instead of adding it to the interval as an unpaired bootstrap does.
 *
 * <p>Each replicate draws as many blocks as there are (non-empty) blocks, with replacement, pools their values
 * and takes the statistic of the pool ({@link #ofMedianOfBlockRatios} instead takes the median of the drawn blocks'
 * own ratios). With one value per block, {@link #ofMedian} is exactly
 * {@link Bootstrap#ofMedian} of those values (same seed, same draws). Reproducible as {@link Bootstrap}: every
 * interval starts a new Mersenne Twister from the seed. Fewer than two usable blocks give
 * {@link Interval#UNDEFINED}: one block cannot show how much blocks differ.
 */
public final class BlockBootstrap {

    private final PercentileInterval percentile;

    public BlockBootstrap(int resamples, long seed, double confidence) {
        this.percentile = new PercentileInterval(resamples, seed, confidence);
    }

    /** 10 000 resamples, seed 20150430, 95 %: the same parameters as {@link Bootstrap#standard()}. */
    public static BlockBootstrap standard() {
        return new BlockBootstrap(Bootstrap.DEFAULT_RESAMPLES, Bootstrap.DEFAULT_SEED, Bootstrap.DEFAULT_CONFIDENCE);
    }

    /** With the same resamples, seed and confidence as a run bootstrap, so a report's intervals are alike. */
    public static BlockBootstrap like(Bootstrap bootstrap) {
        return new BlockBootstrap(bootstrap.resamples(), bootstrap.seed(), bootstrap.confidence());
    }

    /**
     * @param blocks blocks.get(b) = the values (e.g. µs/call of each run) of one cell in block b, any count;
     *               empty blocks are left out
     * @return the interval of the median of all values, or UNDEFINED with fewer than 2 non-empty blocks
     */
    public Interval ofMedian(List<double[]> blocks) {
        List<double[]> kept = nonEmpty(blocks);
        if (kept.size() < 2) {
            return Interval.UNDEFINED;
        }
        CountedMedian cell = new CountedMedian(kept.toArray(double[][]::new));
        int[] counts = new int[kept.size()];
        return percentile.of(random -> cell.medianOf(CountedMedian.draw(counts, random)));
    }

    /**
     * @param a a.get(b) = the first cell's values in block b
     * @param b b.get(b) = the second cell's values in the same block b (the same list length as {@code a});
     *          a block empty on either side is left out of both
     * @return the interval of median(a) / median(b), each replicate drawing the same blocks for both cells
     */
    public Interval ofRatioOfMedians(List<double[]> a, List<double[]> b) {
        return ofRatioAndDifferenceOfMedians(a, b).ratio();
    }

    /** As {@link #ofRatioOfMedians}, for median(a) − median(b). */
    public Interval ofDifferenceOfMedians(List<double[]> a, List<double[]> b) {
        return ofRatioAndDifferenceOfMedians(a, b).difference();
    }

    /** Both intervals of one pass: each replicate draws the blocks once and gives the ratio and the difference of medians. */
    public RatioAndDifference ofRatioAndDifferenceOfMedians(List<double[]> a, List<double[]> b) {
        List<List<double[]>> kept = onBothSides(a, b);
        List<double[]> keptA = kept.get(0);
        List<double[]> keptB = kept.get(1);
        if (keptA.size() < 2) {
            return RatioAndDifference.UNDEFINED;
        }
        CountedMedian first = new CountedMedian(keptA.toArray(double[][]::new));
        CountedMedian second = new CountedMedian(keptB.toArray(double[][]::new));
        int[] counts = new int[keptA.size()];
        return RatioAndDifference.of(percentile.ofEach(2, (random, statistics) -> {
            CountedMedian.draw(counts, random);
            RatioAndDifference.fill(statistics, first.medianOf(counts), second.medianOf(counts));
        }));
    }

    /**
     * The intervals of the paired estimate ({@link BlockRatios}): of the median of the per-block ratios and of the
     * per-block differences, each replicate drawing blocks with replacement. A ratio of the pooled medians
     * ({@link #ofRatioAndDifferenceOfMedians}) keeps what of a block-common drift does not fall on the same blocks on
     * both sides; each block's own ratio has none of it.
     *
     * @return UNDEFINED with fewer than 2 blocks
     */
    public RatioAndDifference ofMedianOfBlockRatios(BlockRatios blocks) {
        double[] ratios = blocks.ratios();
        double[] differences = blocks.differences();
        if (ratios.length < 2) {
            return RatioAndDifference.UNDEFINED;
        }
        CountedMedian ratio = CountedMedian.ofValues(ratios);
        CountedMedian difference = CountedMedian.ofValues(differences);
        int[] counts = new int[ratios.length];
        return RatioAndDifference.of(percentile.ofEach(2, (random, statistics) -> {
            CountedMedian.draw(counts, random);
            statistics[0] = ratio.medianOf(counts);
            statistics[1] = difference.medianOf(counts);
        }));
    }

    /** The blocks of two aligned lists that hold values on both sides: [kept a, kept b]. */
    static List<List<double[]>> onBothSides(List<double[]> a, List<double[]> b) {
        if (a.size() != b.size()) {
            throw new IllegalArgumentException("the two cells' block lists are not aligned: " + a.size() + " and " + b.size() + " blocks");
        }
        List<double[]> keptA = new ArrayList<>();
        List<double[]> keptB = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).length > 0 && b.get(i).length > 0) {
                keptA.add(a.get(i));
                keptB.add(b.get(i));
            }
        }
        return List.of(keptA, keptB);
    }

    private static List<double[]> nonEmpty(List<double[]> blocks) {
        return blocks.stream().filter(block -> block.length > 0).toList();
    }
}
