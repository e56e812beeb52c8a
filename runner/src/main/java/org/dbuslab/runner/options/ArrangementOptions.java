package org.dbuslab.runner.options;

import java.time.Clock;
import java.util.List;

import org.dbuslab.format.Placement;

import picocli.CommandLine.Option;

/** The order of the runs in a block and the CPUs they use. */
final class ArrangementOptions {

    @Option(names = "--order", paramLabel = "MODE", converter = OptionConverters.Ordering.class,
            defaultValue = "clustered", description = {"clustered (default): every block shuffled from the seed"
                    + " and its number, the runs a ratio divides back to back (e.g. the matrix's transports of one mode,"
                    + " size and placement with their raw floor; a path, its direct cell; a bus's libdbus and library"
                    + " pairs of one size) and the clusters of one mode and size next to each other, in a new order each"
                    + " block (docs/RUNNER-DESIGN.md); interleaved: every block shuffled, each run anywhere in it;"
                    + " sequential: plan order in every block"})
    BlockOrdering order;
    @Option(names = "--order-seed", paramLabel = "S", converter = OptionConverters.Seed.class, description = {
            "seed of the shuffle, 0.." + SessionConfig.MAX_ORDER_SEED + " (default: the session's start time);"
                    + " order.tsv records it and every block's order"})
    Integer orderSeed;
    @Option(names = "--placement", paramLabel = "LIST", converter = OptionConverters.Placements.class,
            description = {"the CPU placements every matrix cell is measured in, each in every block (default one-cpu,cross;"
                    + " --full: one-cpu,cross,free): one-cpu: every process on one CPU; cross: every wake-up of a sync"
                    + " call crosses CPUs (2 CPUs: the bus, or a p2p server, on the other CPU; 3 or more: each process"
                    + " its own); split: the client on one CPU, bus and server on another; free: no affinity. Only CPUs"
                    + " the lab is allowed; with a pinned placement the other series run in one-cpu. runs.csv's"
                    + " placement column. Each half of a measured block is bracketed by fixed work (pipe round trips)"
                    + " timed on each CPU (host-speed.tsv); a half whose CPU ran > "
                    + (int) (org.dbuslab.format.HostSpeed.SLOWER * 100 + 0.5) + "%% slow at both ends is left out of every figure."
                    + " --scale: one placement for the whole session (default free)"})
    CommaList<Placement> placements;
    @Option(names = "--rotation", paramLabel = "on|off", arity = "1", converter = OptionConverters.OnOff.class,
            description = {"on (default): the matrix cells run in every measured block, and so do the 2015"
                    + " experiment's pipelined cells and the lab-health finding's libdbus reference cells (dbus-daemon"
                    + " sync, smallest size); every other cell (reference rows, sweep, libraries, paths) in the rotation"
                    + " group of its mode and payload size (the paths: a group per size, first in the order), block b"
                    + " running group (b-1) mod G (a turn that gave its group no values, its half set aside, goes to it again), so the matrix"
                    + " gets G times the blocks in the same time (when the budget"
                    + " cannot buy --precision, the groups take one block in 2 or 3 once each has 7 measured blocks);"
                    + " plan.tsv"
                    + " records each cell's group, order.tsv each block's. off: every cell in every block"})
    OptionConverters.Switch rotation;

    /**
     * One-cpu and cross: where the processes run is a factor of the session, not the scheduler's lottery. Free placement
     * had +-13% at the median cell on an Intel 2-vCPU VM; with their own calls per run and the idle clients off the
     * measured CPU, the pinned pair had +-0.9% (one-cpu) and +-1.6% (cross) there (docs/EXPERIMENTS.md, 2026-12-05).
     */
    static final List<Placement> DEFAULT_PLACEMENTS = List.of(Placement.ONE_CPU, Placement.CROSS);

    /**
     * The scale session's default: as scheduled. Its series are about how the bus holds up under many clients and
     * at a distance, where a deployment's scheduler decides; --placement pins it to one placement instead.
     */
    static final List<Placement> SCALE_PLACEMENTS = List.of(Placement.FREE);

    Arrangement arrangement(Clock clock, Preset preset) {
        long seed = orderSeed != null ? orderSeed : clock.instant().getEpochSecond() % (SessionConfig.MAX_ORDER_SEED + 1);
        if (preset == Preset.SCALE && placements != null && placements.items().size() != 1) {
            throw SessionOptions.refusal("--scale measures in one placement: give --placement one of one-cpu, cross,"
                    + " split or free (default free)");
        }
        List<Placement> where = placements != null ? placements.items()
                : preset == Preset.FULL ? List.of(Placement.ONE_CPU, Placement.CROSS, Placement.FREE)
                : preset == Preset.SCALE ? SCALE_PLACEMENTS : DEFAULT_PLACEMENTS;
        return new Arrangement(order, seed, where, rotation != OptionConverters.Switch.OFF);
    }
}
