package org.dbuslab.runner.session;

import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.Mode;
import org.dbuslab.runner.plan.PlanFixtures;
import org.dbuslab.runner.plan.Rotation;
import org.dbuslab.runner.plan.SessionPlan;
import org.dbuslab.runner.stop.BlockSamples;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SessionGroupStateTest {

    private final SessionPlan plan = PlanFixtures.plan("--paths", "none");
    private final Rotation rotation = Rotation.of(plan.cells(), true);
    private final Rotation.Group sync1000 = new Rotation.Group(Mode.SYNC, 1000);
    private final List<Cell> ofGroup = rotation.cellsOf(sync1000, plan.cells());

    @Test
    void aGroupHasCellsToRunUntilEachIsSkippedOrDoneWithItsCap() {
        BlockSamples samples = new BlockSamples();
        Set<String> all = ofGroup.stream().map(Cell::id).collect(Collectors.toSet());
        assertTrue(new SessionGroupState(rotation, plan.cells(), Set.of(), samples, c -> false).hasCellsToRun(sync1000));
        assertTrue(new SessionGroupState(rotation, plan.cells(), Set.of(ofGroup.get(0).id()), samples, c -> false)
            .hasCellsToRun(sync1000), "one skipped");
        assertFalse(new SessionGroupState(rotation, plan.cells(), all, samples, c -> false).hasCellsToRun(sync1000));
        assertFalse(new SessionGroupState(rotation, plan.cells(), Set.of(ofGroup.get(0).id()), samples,
            c -> !c.id().equals(ofGroup.get(0).id())).hasCellsToRun(sync1000), "the rest done with their caps");
    }

    @Test
    void aGroupGaveValuesInABlockWhereOneOfItsCellsKeptOne() {
        BlockSamples samples = new BlockSamples();
        var state = new SessionGroupState(rotation, plan.cells(), Set.of(), samples, c -> false);
        samples.add(1, plan.matrix().get(0).id(), 80.0); // a matrix cell is in no group
        assertFalse(state.gaveValues(sync1000, 1));
        samples.add(1, ofGroup.get(1).id(), Double.NaN); // a run that could not be timed
        assertFalse(state.gaveValues(sync1000, 1));
        samples.add(1, ofGroup.get(1).id(), 90.0);
        assertTrue(state.gaveValues(sync1000, 1));
        assertFalse(state.gaveValues(sync1000, 2));
        samples.drop(1, ofGroup.stream().map(Cell::id).toList()); // its half set aside
        assertFalse(state.gaveValues(sync1000, 1));
    }
}
