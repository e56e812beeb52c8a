package org.dbuslab.runner.options;

import java.util.List;

import org.dbuslab.format.Placement;

/**
 * How the runs are arranged: their order in a block, and the CPUs.
 *
 * @param orderSeed seed of every block's shuffle (recorded in order.tsv)
 * @param placements the CPU placements of the matrix cells, each measured in every block (default one-cpu and
 *                   cross; --full one-cpu, cross and free); the other series run in {@link #homePlacement()}
 * @param rotation  the cells outside the matrix take turns by rotation group (plan.Rotation); false: every cell in
 *                  every measured block
 */
public record Arrangement(BlockOrdering order, long orderSeed, List<Placement> placements, boolean rotation) {

    public Arrangement {
        placements = List.copyOf(placements);
        SessionConfig.require(orderSeed >= 0 && orderSeed <= SessionConfig.MAX_ORDER_SEED, "orderSeed");
        SessionConfig.require(!placements.isEmpty() && placements.stream().distinct().count() == placements.size(),
                "placements");
    }

    /**
     * The placement of the cells outside the matrix: one-cpu when measured (reference rows, libraries, lkml and sweep
     * compare implementations on the transport's CPU path, where no cross-CPU wake-up blurs them), else the first.
     */
    public Placement homePlacement() {
        return placements.contains(Placement.ONE_CPU) ? Placement.ONE_CPU : placements.get(0);
    }
}
