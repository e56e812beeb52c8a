package org.dbuslab.runner.stop;

import java.util.List;

import org.dbuslab.analysis.stats.Interval;

/**
 * Confidence intervals over blocks, as the analysis's BlockBootstrap computes them: {@code blocks.get(b)} holds
 * one cell's values in block b; whole blocks are resampled, both sides of a ratio with the same blocks. An
 * interface so the stopping rule can be tested with exactly known intervals.
 */
public interface BlockCi {

    /** CI of the median of all values; UNDEFINED under 2 blocks. */
    Interval ofMedian(List<double[]> blocks);

    /** CI of median(a) / median(b), paired by block; a block empty on either side is dropped. */
    Interval ofRatioOfMedians(List<double[]> a, List<double[]> b);
}
