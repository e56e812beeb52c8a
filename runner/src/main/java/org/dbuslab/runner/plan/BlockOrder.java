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
 * from order.tsv's order_seed. Clustered: that shuffle, then the cells of each {@link ComparisonCluster} gathered
 * where the cluster's first cell fell and the clusters shuffled again by the same random, so the runs a comparison
 * pairs run back to back, in an order that changes from block to block, as do the clusters'. Sequential: plan order.
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

    /** SHUFFLED's cells gathered by cluster, each keeping its shuffled order; the clusters in a shuffled order. */
    private static List<Cell> clustered(List<Cell> shuffled, SplittableRandom random) {
        Map<ComparisonCluster, List<Cell>> byCluster = new LinkedHashMap<>();
        for (Cell c : shuffled) {
            byCluster.computeIfAbsent(ComparisonCluster.of(c), k -> new ArrayList<>()).add(c);
        }
        // by first appearance alone a large cluster would come early more often than a small one
        List<List<Cell>> clusters = new ArrayList<>(byCluster.values());
        shuffle(clusters, random);
        List<Cell> out = new ArrayList<>(shuffled.size());
        clusters.forEach(out::addAll);
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
