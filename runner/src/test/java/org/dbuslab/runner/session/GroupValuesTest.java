package org.dbuslab.runner.session;

import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.Mode;
import org.dbuslab.runner.plan.PlanFixtures;
import org.dbuslab.runner.plan.Rotation;
import org.dbuslab.runner.plan.SessionPlan;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

class GroupValuesTest {

    private final SessionPlan plan = PlanFixtures.plan("--paths", "none");
    private final Rotation rotation = Rotation.of(plan.cells(), true);
    private final Rotation.Group sync1000 = new Rotation.Group(Mode.SYNC, 1000);
    private final List<Cell> ofGroup = plan.cells().stream()
        .filter(c -> rotation.groupOf(c).filter(sync1000::equals).isPresent()).toList();

    @Test
    void aGroupHasTheBlocksOfItsCellWithTheMost() {
        Map<String, Integer> blocks = new HashMap<>();
        blocks.put(ofGroup.get(0).id(), 4);
        blocks.put(ofGroup.get(1).id(), 6);
        blocks.put(plan.matrix().get(0).id(), 40); // a matrix cell is in no group
        assertEquals(6, GroupValues.of(rotation, sync1000, plan.cells(), Set.of(), id -> blocks.getOrDefault(id, 0),
            c -> false));
    }

    @Test
    void cellsSkippedOrDoneWithTheirCapDoNotCount() {
        Map<String, Integer> blocks = ofGroup.stream().collect(Collectors.toMap(Cell::id, c -> 3));
        blocks.put(ofGroup.get(0).id(), 9);
        assertEquals(3, GroupValues.of(rotation, sync1000, plan.cells(), Set.of(ofGroup.get(0).id()), blocks::get,
            c -> false), "the skipped cell's 9 left out");
        assertEquals(3, GroupValues.of(rotation, sync1000, plan.cells(), Set.of(), blocks::get,
            c -> c.id().equals(ofGroup.get(0).id())), "the capped cell's 9 left out");
        assertEquals(Integer.MAX_VALUE, GroupValues.of(rotation, sync1000, plan.cells(), Set.of(), blocks::get,
            c -> true), "nothing left to run");
    }
}
