package org.dbuslab.runner.session;

import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.Rotation;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/** How many measured blocks with values a rotation group has, for {@link Rotation#choosing} the next turn's group. */
final class GroupValues {

    private GroupValues() {
    }

    /**
     * The most measured blocks with values ({@code blocksWithValues}, by cell id) among the cells of GROUP that still
     * run: not in {@code skipped} (their program or server is gone) and not done with their run cap ({@code capSpent});
     * {@link Integer#MAX_VALUE} when none does, so that a group with nothing left to run is not preferred.
     */
    static int of(Rotation rotation, Rotation.Group group, List<Cell> cells, Set<String> skipped,
                  ToIntFunction<String> blocksWithValues, Predicate<Cell> capSpent) {
        return cells.stream()
            .filter(c -> !skipped.contains(c.id()) && !capSpent.test(c) && rotation.groupOf(c).filter(group::equals).isPresent())
            .mapToInt(c -> blocksWithValues.applyAsInt(c.id()))
            .max().orElse(Integer.MAX_VALUE);
    }
}
