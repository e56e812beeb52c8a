package org.dbuslab.runner.session;

import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.Mode;
import org.dbuslab.runner.plan.PlanFixtures;
import org.dbuslab.runner.plan.Rotation;
import org.dbuslab.runner.plan.SessionPlan;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MatrixFirstTest {

    private static Duration s(double seconds) {
        return Duration.ofMillis(Math.round(seconds * 1000));
    }

    /** 34 more blocks of 7 s hold the median cell's 30: the session runs as planned. */
    @Test
    void keepsThePlanWhenTheBudgetHoldsTheBlocksTheMedianCellNeeds() {
        MatrixFirst m = MatrixFirst.decide(5, 30, s(240), s(7), s(3));
        assertFalse(m.shortens());
        assertEquals(1, m.pace());
        assertEquals(34, m.atFullPace());
    }

    /** 13 s blocks of which the group took 9 s: 15 more blocks at full pace, 23 at one in two, enough for 25 needed. */
    @Test
    void picksTheSlowestPaceItNeedsNoSlower() {
        MatrixFirst m = MatrixFirst.decide(5, 25, s(200), s(13), s(9));
        assertTrue(m.shortens());
        assertEquals(2, m.pace());
        assertEquals(15, m.atFullPace());
        assertEquals(23, m.atPace());
    }

    /** Even one in three would not hold 71 blocks: the slowest pace, and the text says what was shortened. */
    @Test
    void stopsAtTheSlowestPaceWhenNoneHoldsTheNeed() {
        MatrixFirst m = MatrixFirst.decide(5, 71, s(150), s(13), s(9));
        assertEquals(MatrixFirst.MAX_PACE, m.pace());
        assertTrue(m.text(35).startsWith("the matrix came first: from measured block 36 on, the rotation groups ran in one block of 3,"
            + " since the median matrix cell needed about 71 blocks and the budget held 11 more with a group in each, about 21 at"
            + " this pace; each rotation group had 7 blocks first"), m.text(35));
    }

    /** A group of 1 s in 7 s blocks: one in three would buy 31 blocks instead of 28, not worth the groups' turns. */
    @Test
    void keepsThePlanWhenPacingWouldBuyLittle() {
        assertFalse(MatrixFirst.decide(5, 100, s(200), s(7), s(1)).shortens());
    }

    /** No block left, or no time in groups: nothing to shorten, and nothing to say. */
    @Test
    void neverShortensWithoutABlockLeftOrGroupTime() {
        assertFalse(MatrixFirst.decide(5, 500, s(5), s(13), s(9)).shortens());
        assertFalse(MatrixFirst.decide(5, 500, s(100), s(4), Duration.ZERO).shortens());
    }

    /** One slow block among five does not set the pace: the spread is robust (MAD), not the standard deviation. */
    @Test
    void oneSlowBlockDoesNotMakeACellNeedManyBlocks() {
        assertEquals(2, MatrixFirst.blocksNeeded(new double[] {100, 101, 99, 100, 130}, 3.0));
        assertEquals(37, MatrixFirst.blocksNeeded(new double[] {100, 110, 90, 105, 95}, 3.0));
        assertEquals(0, MatrixFirst.blocksNeeded(new double[] {100, 100, 100}, 3.0));
        assertEquals(0, MatrixFirst.blocksNeeded(new double[] {100}, 3.0));
    }

    /**
     * Four groups: sync-1000's best cell has 8 blocks with values, sync-10000's 7, async-1000's 9 and async-10000's
     * 6, the rest of each group one block fewer, after 24 measured blocks (6 turns each). The fewest is async-10000's
     * 6, below the floor, so the pace is not due; with its cells skipped, or capped and their runs made, sync-10000's 7
     * meets it, and so does a group that has had twice the floor's turns whatever its values.
     */
    @Test
    void thePaceIsDueOnceEveryGroupHasTheFloorOfBlocks() {
        SessionPlan plan = PlanFixtures.plan("--paths", "none");
        Rotation rotation = Rotation.of(plan.cells(), true);
        Rotation.Group async10000 = new Rotation.Group(Mode.ASYNC, 10000);
        Map<Rotation.Group, Integer> best = Map.of(new Rotation.Group(Mode.SYNC, 1000), 8, new Rotation.Group(Mode.SYNC, 10000), 7,
            new Rotation.Group(Mode.ASYNC, 1000), 9, async10000, 6);
        Map<String, Integer> blocks = new java.util.HashMap<>();
        for (Rotation.Group g : rotation.groups()) {
            var cells = plan.cells().stream().filter(c -> rotation.groupOf(c).filter(g::equals).isPresent()).toList();
            for (int i = 0; i < cells.size(); i++) {
                blocks.put(cells.get(i).id(), i == 0 ? best.get(g) : best.get(g) - 1);
            }
        }
        Set<String> ofAsync10000 = plan.cells().stream().filter(c -> rotation.groupOf(c).filter(async10000::equals).isPresent())
            .map(Cell::id).collect(Collectors.toSet());
        java.util.function.ToIntFunction<String> values = id -> blocks.getOrDefault(id, 0);
        assertEquals(6, MatrixFirst.fewestGroupBlocks(rotation, plan.cells(), Set.of(), values, c -> false, 24));
        assertFalse(MatrixFirst.due(24, 5, rotation, plan.cells(), Set.of(), values, c -> false));
        assertTrue(MatrixFirst.due(24, 5, rotation, plan.cells(), ofAsync10000, values, c -> false), "skipped");
        assertEquals(7, MatrixFirst.fewestGroupBlocks(rotation, plan.cells(), ofAsync10000, values, c -> false, 24));
        assertTrue(MatrixFirst.due(24, 5, rotation, plan.cells(), Set.of(), values, c -> ofAsync10000.contains(c.id())),
            "their caps spent");
        assertTrue(MatrixFirst.due(56, 5, rotation, plan.cells(), Set.of(), values, c -> false), "14 turns of each group");
        assertFalse(MatrixFirst.due(4, 5, rotation, plan.cells(), ofAsync10000, values, c -> false), "not before the 5th block");
        assertFalse(MatrixFirst.due(55, 5, rotation, plan.cells(), Set.of(), id -> 0, c -> false),
            "13 turns of async-10000 without a value: not yet twice the floor");
        assertEquals(Integer.MAX_VALUE, MatrixFirst.fewestGroupBlocks(Rotation.OFF, plan.cells(), Set.of(), id -> 0, c -> false, 9));
    }
}
