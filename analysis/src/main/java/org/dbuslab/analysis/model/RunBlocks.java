package org.dbuslab.analysis.model;

import org.dbuslab.stats.BlockBootstrap;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Equivalence;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Runs grouped by the block (runs.csv's {@code round}) they were made in, for the block bootstrap and paired
 * comparisons. A cell counts as measured in blocks when every measured run has a block number and they span at least
 * {@value #MIN_BLOCKS} blocks (the runner's minimum of measured blocks); a block may hold several runs of a cell (the
 * runner's extra runs of a real-world path's cell whose price is not yet within its target), which are resampled together and whose median is
 * the block's value in Wilcoxon's test. Two cells are compared paired when both are and at least {@value #MIN_BLOCKS}
 * blocks hold runs of both. Older folders, whose rounds held several runs of one client process, have lost those
 * rounds on reading (RunsCsvReader) and fall back to the run bootstrap and the unpaired comparison with the numbers
 * they always had.
 */
public final class RunBlocks {

    public static final int MIN_BLOCKS = 5;

    private RunBlocks() {
    }

    /** The values of each block, in block order; empty unless every value has a block and there are enough blocks. */
    public static Optional<List<double[]>> of(double[] values, int[] blocks) {
        TreeMap<Integer, List<Double>> byBlock = byBlock(values, blocks);
        if (byBlock == null || byBlock.size() < MIN_BLOCKS) {
            return Optional.empty();
        }
        return Optional.of(byBlock.values().stream().map(RunBlocks::array).toList());
    }

    /**
     * The comparison of two cells' µs per call: paired by block (block bootstrap, Wilcoxon signed-rank) when both
     * were measured in blocks that align, else unpaired (run bootstrap, Mann-Whitney).
     */
    public static SampleComparison compare(CellSummary candidate, CellSummary baseline, Bootstrap bootstrap, double alpha) {
        TreeMap<Integer, List<Double>> a = byBlock(candidate.runUsPerCall(), candidate.runBlocks());
        TreeMap<Integer, List<Double>> b = byBlock(baseline.runUsPerCall(), baseline.runBlocks());
        if (a != null && b != null && a.size() >= MIN_BLOCKS && b.size() >= MIN_BLOCKS) {
            TreeSet<Integer> common = new TreeSet<>(a.keySet());
            common.retainAll(b.keySet());
            if (common.size() >= MIN_BLOCKS) {
                List<double[]> left = new ArrayList<>();
                List<double[]> right = new ArrayList<>();
                common.forEach(block -> {
                    left.add(array(a.get(block)));
                    right.add(array(b.get(block)));
                });
                return SampleComparison.paired(left, right, BlockBootstrap.like(bootstrap), alpha);
            }
        }
        return SampleComparison.of(candidate.runUsPerCall(), baseline.runUsPerCall(), bootstrap, alpha);
    }

    /**
     * TOST of the two cells' µs per call within ±marginPct: the ratio's (1 − 2α) interval, from the same pairing as
     * {@link #compare}, against the margin.
     */
    public static Equivalence equivalence(CellSummary candidate, CellSummary baseline, Bootstrap bootstrap, double alpha,
                                          double marginPct) {
        Bootstrap tost = new Bootstrap(bootstrap.resamples(), bootstrap.seed(), Equivalence.confidence(alpha));
        // TOST is two one-sided tests at alpha: its interval is there when a two-sided test could reach 2 alpha
        return Equivalence.tost(compare(candidate, baseline, tost, 2 * alpha).ratioInterval(), marginPct);
    }

    /** How many blocks hold measured runs of both cells: what a paired comparison of the two could draw on. */
    public static int commonBlocks(CellSummary a, CellSummary b) {
        TreeSet<Integer> common = new TreeSet<>();
        for (int block : a.runBlocks()) {
            if (block > 0) {
                common.add(block);
            }
        }
        TreeSet<Integer> other = new TreeSet<>();
        for (int block : b.runBlocks()) {
            other.add(block);
        }
        common.retainAll(other);
        return common.size();
    }

    /** Null when any value has no block. */
    private static TreeMap<Integer, List<Double>> byBlock(double[] values, int[] blocks) {
        TreeMap<Integer, List<Double>> byBlock = new TreeMap<>();
        for (int i = 0; i < values.length; i++) {
            if (blocks[i] <= 0) {
                return null;
            }
            byBlock.computeIfAbsent(blocks[i], b -> new ArrayList<>()).add(values[i]);
        }
        return byBlock;
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
