package org.dbuslab.runner.session;

import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.Rotation;
import org.dbuslab.runner.stop.BlockSamples;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What the session knows of each rotation group's cells, for {@link Rotation#choosing} the next turn's group: which
 * cells are left to run and which gave values in a block, from the samples the precision rule keeps (a half set aside
 * is dropped from them).
 *
 * @param skipped  ids of the cells whose transport, server or program is gone
 * @param capSpent whether a cell has made the measured runs of its run cap
 */
record SessionGroupState(Rotation rotation, List<Cell> cells, Set<String> skipped, BlockSamples samples,
                         Predicate<Cell> capSpent) implements Rotation.GroupState {

    @Override
    public boolean hasCellsToRun(Rotation.Group group) {
        return rotation.cellsOf(group, cells).stream().anyMatch(c -> !skipped.contains(c.id()) && !capSpent.test(c));
    }

    @Override
    public boolean gaveValues(Rotation.Group group, int measuredBlock) {
        return rotation.cellsOf(group, cells).stream().anyMatch(c -> samples.hasValueIn(measuredBlock, c.id()));
    }
}
