package org.dbuslab.runner.options;

import org.dbuslab.format.Placement;

/**
 * How the runs are arranged: their order in a block, and the CPUs.
 *
 * @param orderSeed seed of every block's shuffle (recorded in order.tsv)
 * @param rotation  the cells outside the matrix take turns by rotation group (plan.Rotation); false: every cell in
 *                  every measured block
 */
public record Arrangement(BlockOrdering order, long orderSeed, Placement placement, boolean rotation) {

    public Arrangement {
        SessionConfig.require(orderSeed >= 0 && orderSeed <= SessionConfig.MAX_ORDER_SEED, "orderSeed");
    }
}
