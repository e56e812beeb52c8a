package org.dbuslab.stats;

import java.util.List;

/**
 * Two cells compared block by block: each block's ratio median(a_b) / median(b_b) and difference median(a_b) −
 * median(b_b), over the blocks that hold values on both sides. A drift that scales both cells of a block alike
 * cancels in that block's ratio before any block is compared with another. The paired estimate is the median of
 * each ({@link #medianRatio}, {@link #medianDifference}); {@link BlockBootstrap#ofMedianOfBlockRatios} gives its
 * intervals and {@link WilcoxonSignedRank#ofRatios} tests the same ratios.
 */
public record BlockRatios(double[] ratios, double[] differences) {

    /** A.get(b), B.get(b): the two cells' values in block b (aligned lists; a block empty on either side is left out). */
    public static BlockRatios of(List<double[]> a, List<double[]> b) {
        List<List<double[]>> kept = BlockBootstrap.onBothSides(a, b);
        int n = kept.get(0).size();
        double[] ratios = new double[n];
        double[] differences = new double[n];
        for (int i = 0; i < n; i++) {
            double medianA = Quantiles.median(kept.get(0).get(i));
            double medianB = Quantiles.median(kept.get(1).get(i));
            ratios[i] = medianA / medianB;
            differences[i] = medianA - medianB;
        }
        return new BlockRatios(ratios, differences);
    }

    public int blocks() {
        return ratios.length;
    }

    /** The median of the per-block ratios. */
    public double medianRatio() {
        return medianOf(ratios);
    }

    /** The median of the per-block differences. */
    public double medianDifference() {
        return medianOf(differences);
    }

    private static double medianOf(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no block has values on both sides");
        }
        return Quantiles.median(values);
    }
}
