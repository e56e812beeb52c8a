package org.dbuslab.runner.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.dbuslab.format.Phase;
import org.dbuslab.format.Placement;
import org.dbuslab.runner.options.BlockOrdering;

/**
 * The order of one block's runs. Interleaved: a Fisher-Yates shuffle with a SplittableRandom seeded from
 * (order seed, block number) alone, so block N's order is the same on every machine and can be recomputed
 * from order.tsv's order_seed. Clustered: that shuffle, then the cells of each {@link ComparisonCluster} run back to
 * back and the clusters of one {@link ComparisonCluster.Shape} next to each other, in an order the same random draws:
 * the runs a ratio divides run close together, in an order that changes from block to block. Sequential: plan order.
 *
 * @param block 1-based over the whole session, warm-up blocks included (runs.csv's round column)
 * @param group the rotation group the block runs besides the matrix ({@link Rotation#blockLabel}; order.tsv's
 *              block_group), {@link Rotation#EVERY} for a block of every cell
 */
public record BlockOrder(int block, Phase phase, BlockOrdering ordering, long orderSeed, List<Cell> cells, String group) {

    public BlockOrder {
        cells = List.copyOf(cells);
    }

    public BlockOrder withGroup(String label) {
        return new BlockOrder(block, phase, ordering, orderSeed, cells, label);
    }

    public static BlockOrder of(List<Cell> planOrder, Phase phase, BlockOrdering ordering, long orderSeed, int block) {
        if (block < 1) {
            throw new IllegalArgumentException("blocks are numbered from 1, got " + block);
        }
        List<Cell> cells = new ArrayList<>(planOrder);
        if (ordering != BlockOrdering.SEQUENTIAL) {
            SplittableRandom random = new SplittableRandom(blockSeed(orderSeed, block));
            shuffle(cells, random);
            if (ordering == BlockOrdering.CLUSTERED) {
                cells = clustered(cells, random);
            }
        }
        return new BlockOrder(block, phase, ordering, orderSeed, cells, Rotation.EVERY);
    }

    /**
     * SHUFFLED's cells gathered by cluster, each keeping its shuffled order, and the clusters by shape, both in the order
     * they first appear in SHUFFLED; then each shape's clusters shuffled (shapes in that order), then the shapes.
     * Shuffled rather than left in order of first appearance, where a large cluster would come early more often than
     * a small one.
     */
    private static List<Cell> clustered(List<Cell> shuffled, SplittableRandom random) {
        Map<ComparisonCluster, List<Cell>> byCluster = new LinkedHashMap<>();
        for (Cell c : shuffled) {
            byCluster.computeIfAbsent(ComparisonCluster.of(c), k -> new ArrayList<>()).add(c);
        }
        Map<ComparisonCluster.Shape, List<List<Cell>>> byShape = new LinkedHashMap<>();
        byCluster.forEach((cluster, cells) -> byShape.computeIfAbsent(cluster.shape(), k -> new ArrayList<>()).add(cells));
        List<List<List<Cell>>> shapes = new ArrayList<>(byShape.values());
        shapes.forEach(clusters -> shuffle(clusters, random));
        shuffle(shapes, random);
        List<Cell> out = new ArrayList<>(shuffled.size());
        shapes.forEach(clusters -> clusters.forEach(out::addAll));
        return out;
    }

    private static <T> void shuffle(List<T> list, SplittableRandom random) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T tmp = list.get(i);
            list.set(i, list.get(j));
            list.set(j, tmp);
        }
    }

    /**
     * The placements of block BLOCK in the order it runs them: PLACEMENTS on odd blocks, reversed on even ones, so
     * the processes move once per block (A B | B A | A B ...) and each placement is as often first as second.
     */
    public static List<Placement> placementsOfBlock(List<Placement> placements, int block) {
        List<Placement> order = new ArrayList<>(placements);
        if (block % 2 == 0) {
            java.util.Collections.reverse(order);
        }
        return order;
    }

    /** This order with its runs grouped by placement in PLACEMENTS' order, each group keeping its shuffled order. */
    public BlockOrder inPlacementHalves(List<Placement> placements) {
        List<Cell> grouped = new ArrayList<>();
        for (Placement p : placements) {
            cells.stream().filter(c -> c.placement() == p).forEach(grouped::add);
        }
        cells.stream().filter(c -> !placements.contains(c.placement())).forEach(grouped::add);
        return new BlockOrder(block, phase, ordering, orderSeed, grouped, group);
    }

    /** The shuffle's seed for one block: the order seed and the block number mixed (golden-ratio step). */
    static long blockSeed(long orderSeed, int block) {
        return orderSeed * 0x9E3779B97F4A7C15L + block;
    }

    /** The payload seed of this block's runs: the client's default (20150430), +1000 per block. */
    public long payloadSeed() {
        return PAYLOAD_SEED + 1000L * (block - 1);
    }

    public static final long PAYLOAD_SEED = 20_150_430L;
}
