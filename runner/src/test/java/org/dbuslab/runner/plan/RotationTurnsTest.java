package org.dbuslab.runner.plan;

import static org.dbuslab.runner.plan.PlanFixtures.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Rotation#choosing: who takes each turn as the blocks come, and what a set-aside half does to it. */
class RotationTurnsTest {

    private final SessionPlan plan = plan("--paths", "none");
    private final Rotation rotation = Rotation.of(plan.cells(), true);

    /** Blocks 1..BLOCKS, each turn chosen as Blocks chooses it; LOST: the blocks whose group got no values. */
    private static List<String> turns(Rotation start, int blocks, Set<Integer> lost, Set<String> neverValued,
                                      Map<String, Integer> valued) {
        Rotation r = start;
        List<String> out = new ArrayList<>();
        for (int b = 1; b <= blocks; b++) {
            Rotation before = r;
            r = r.choosing(b, g -> valued.getOrDefault(g.label(), 0));
            Optional<Rotation.Group> g = r.groupOfBlock(b);
            assertEquals(g, r.choosing(b, x -> { throw new AssertionError("a given turn is not chosen again"); })
                .groupOfBlock(b));
            if (g.isPresent() && !lost.contains(b) && !neverValued.contains(g.get().label())) {
                valued.merge(g.get().label(), 1, Integer::sum);
            }
            out.add(g.map(Rotation.Group::label).orElse("-"));
            assertTrue(before.taken().size() <= r.taken().size());
        }
        return out;
    }

    @Test
    void whileEveryTurnGivesValuesTheTurnsFollowTheOrder() {
        List<String> got = turns(rotation, 10, Set.of(), Set.of(), new HashMap<>());
        assertEquals(List.of("sync-1000", "sync-10000", "async-1000", "async-10000", "sync-1000", "sync-10000",
            "async-1000", "async-10000", "sync-1000", "sync-10000"), got);
        Rotation unchosen = rotation;
        for (int b = 1; b <= 10; b++) {
            assertEquals(Optional.of(got.get(b - 1)), unchosen.groupOfBlock(b).map(Rotation.Group::label),
                "foreseen as given, block " + b);
        }
    }

    @Test
    void aTurnSetAsideIsGivenToItsGroupAgainNext() {
        Map<String, Integer> valued = new HashMap<>();
        // block 6 is sync-10000's second turn; the host slowed it
        List<String> got = turns(rotation, 10, Set.of(6), Set.of(), valued);
        assertEquals(List.of("sync-1000", "sync-10000", "async-1000", "async-10000", "sync-1000", "sync-10000",
            "sync-10000", "async-1000", "async-10000", "sync-1000"), got);
        assertEquals(Map.of("sync-1000", 3, "sync-10000", 2, "async-1000", 2, "async-10000", 2), valued);
    }

    @Test
    void aGroupWhoseTurnsNeverGiveValuesCostsTheOthersAtMostTwoTurns() {
        Map<String, Integer> valued = new HashMap<>();
        List<String> got = turns(rotation, 40, Set.of(), Set.of("async-1000"), valued);
        long broken = got.stream().filter("async-1000"::equals).count();
        assertTrue(broken <= 40 / 4 + 2, got.toString());
        for (String other : List.of("sync-1000", "sync-10000", "async-10000")) {
            assertTrue(valued.get(other) >= 40 / 4 - 2, other + ": " + got);
        }
    }

    @Test
    void aGroupWithNothingLeftToRunIsPassedOver() {
        Map<String, Integer> valued = new HashMap<>(Map.of("sync-1000", Integer.MAX_VALUE));
        assertEquals(List.of("sync-10000", "async-1000", "async-10000", "sync-10000", "async-1000", "async-10000"),
            turns(rotation, 6, Set.of(), Set.of("sync-1000"), valued));
    }

    @Test
    void blocksOfCountsTheTurnsGivenThenForeseesTheOrder() {
        Map<String, Integer> valued = new HashMap<>();
        Rotation[] r = {rotation};
        for (int b = 1; b <= 6; b++) {
            r[0] = r[0].choosing(b, g -> valued.getOrDefault(g.label(), 0));
            String label = r[0].groupOfBlock(b).orElseThrow().label();
            if (b != 2) {
                valued.merge(label, 1, Integer::sum); // block 2 (sync-10000) set aside: block 3 gives it again
            }
        }
        Rotation after = r[0];
        assertEquals(List.of("sync-1000", "sync-10000", "sync-10000", "async-1000", "async-10000", "sync-1000"),
            after.taken().stream().map(Rotation.Group::label).toList());
        Cell sync10000 = plan.cells().stream().filter(c -> after.groupOf(c).map(Rotation.Group::label)
            .filter("sync-10000"::equals).isPresent()).findFirst().orElseThrow();
        assertEquals(2, after.blocksOf(sync10000, 6));
        assertEquals(3, after.blocksOf(sync10000, 7), "block 7 foreseen for the group after the last turn's");
    }

    @Test
    void pacedBlocksWithoutATurnChooseNothing() {
        assertEquals(List.of("sync-1000", "sync-10000", "async-1000", "async-10000", "-", "-", "sync-1000", "-", "-"),
            turns(rotation.paced(4, 3), 9, Set.of(), Set.of(), new HashMap<>()));
    }

    @Test
    void turnsAreGivenInOrder() {
        assertThrows(IllegalStateException.class, () -> rotation.choosing(3, g -> 0));
        assertEquals(Rotation.OFF, Rotation.OFF.choosing(1, g -> 0));
    }
}
