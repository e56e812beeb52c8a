package org.dbuslab.runner.options;

import java.time.Clock;

import org.dbuslab.format.Placement;

import picocli.CommandLine.Option;

/** The order of the runs in a block and the CPUs they use. */
final class ArrangementOptions {

    @Option(names = "--order", paramLabel = "MODE", converter = OptionConverters.Ordering.class,
            defaultValue = "interleaved", description = {"interleaved (default): every block shuffled from the seed"
                    + " and its number; sequential: plan order in every block"})
    BlockOrdering order;
    @Option(names = "--order-seed", paramLabel = "S", converter = OptionConverters.Seed.class, description = {
            "seed of the shuffle, 0.." + SessionConfig.MAX_ORDER_SEED + " (default: the session's start time);"
                    + " order.tsv records it and every block's order"})
    Integer orderSeed;
    @Option(names = "--placement", paramLabel = "P", converter = OptionConverters.Placements.class,
            defaultValue = "free", description = {"free (default): no CPU affinity; same-cpu: every process on one"
                    + " CPU; split: the client on one CPU, bus and server on the other. Recorded in environment.json"})
    Placement placement;
    @Option(names = "--rotation", paramLabel = "on|off", arity = "1", converter = OptionConverters.OnOff.class,
            description = {"on (default): the matrix cells run in every measured block, every"
                    + " other cell (reference rows, sweep) in the rotation group of its mode and payload size, block b"
                    + " running group (b-1) mod G, so the matrix gets G times the blocks in the same time; plan.tsv"
                    + " records each cell's group, order.tsv each block's. off: every cell in every block"})
    OptionConverters.Switch rotation;

    Arrangement arrangement(Clock clock) {
        long seed = orderSeed != null ? orderSeed : clock.instant().getEpochSecond() % (SessionConfig.MAX_ORDER_SEED + 1);
        return new Arrangement(order, seed, placement, rotation != OptionConverters.Switch.OFF);
    }
}
