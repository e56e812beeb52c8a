package org.dbuslab.runner.stop;

import java.util.List;

import org.dbuslab.stats.BlockBootstrap;
import org.dbuslab.stats.BlockRatios;
import org.dbuslab.stats.Interval;

/**
 * Confidence intervals over blocks, as BlockBootstrap (module stats) computes them for the report: {@code blocks.get(b)} holds
 * one cell's values in block b; whole blocks are resampled, both sides of a ratio with the same blocks. An
 * interface so the stopping rule can be tested with exactly known intervals.
 */
public interface BlockCi {

    /** Resamples while deciding after each block: cheap, and the report recomputes with 10 000. */
    int DECIDING_RESAMPLES = 1000;

    /** The report's block bootstrap at 95%, with its seed (the report's intervals are of the same kind). */
    static BlockCi bootstrap(int resamples) {
        BlockBootstrap b = new BlockBootstrap(resamples, 20_150_430L, 0.95);
        return new BlockCi() {
            @Override
            public Interval ofMedian(List<double[]> blocks) {
                return b.ofMedian(blocks);
            }

            @Override
            public Interval ofPairedRatio(List<double[]> a, List<double[]> c) {
                return b.ofMedianOfBlockRatios(BlockRatios.of(a, c)).ratio();
            }
        };
    }

    /** What the runner decides with: {@link #bootstrap} with {@link #DECIDING_RESAMPLES}. */
    static BlockCi deciding() {
        return bootstrap(DECIDING_RESAMPLES);
    }

    /** CI of the median of all values; UNDEFINED under 2 blocks. */
    Interval ofMedian(List<double[]> blocks);

    /**
     * CI of the paired ratio as the report gives it for cells paired over 5 or more blocks: the median over the blocks
     * of each block's median(a) / median(b) (BlockBootstrap#ofMedianOfBlockRatios); a block empty on either side is
     * dropped.
     */
    Interval ofPairedRatio(List<double[]> a, List<double[]> b);
}
