package org.dbuslab.runner.plan;

import static org.dbuslab.runner.plan.PlanFixtures.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Rotation#choosing: who takes each turn as the blocks come, and what a set-aside half does to it. */
class RotationTurnsTest {

    private final SessionPlan plan = plan("--paths", "none");
    private final Rotation rotation = Rotation.of(plan.cells(), true);

    /** A session's groups: the blocks each group's cells gave values in, and the groups with no cell left to run. */
    private static final class State implements Rotation.GroupState {
        final Map<String, Set<Integer>> valued = new HashMap<>();
        final Set<String> done = new HashSet<>();

        @Override
        public boolean hasCellsToRun(Rotation.Group group) {
            return !done.contains(group.label());
        }

        @Override
        public boolean gaveValues(Rotation.Group group, int measuredBlock) {
            return valued.getOrDefault(group.label(), Set.of()).contains(measuredBlock);
        }
    }

    /** Measured blocks FROM..TO, each turn chosen as Blocks chooses it; LOST: blocks whose group gives no values. */
    private static Rotation run(Rotation start, int from, int to, Set<Integer> lost, Set<String> neverValued,
                                State state, List<String> turns) {
        Rotation r = start;
        for (int b = from; b <= to; b++) {
            r = r.choosing(b, state);
            Optional<Rotation.Group> g = r.groupOfBlock(b);
            assertEquals(r, r.choosing(b, null), "a given turn is not chosen again");
            if (g.isPresent() && !lost.contains(b) && !neverValued.contains(g.get().label())) {
                state.valued.computeIfAbsent(g.get().label(), k -> new HashSet<>()).add(b);
            }
            turns.add(g.map(Rotation.Group::label).orElse("-"));
        }
        return r;
    }

    private static List<String> turns(Rotation start, int blocks, Set<Integer> lost, Set<String> neverValued,
                                      State state) {
        List<String> out = new ArrayList<>();
        run(start, 1, blocks, lost, neverValued, state, out);
        return out;
    }

    @Test
    void whileEveryTurnGivesValuesTheTurnsFollowTheOrder() {
        List<String> got = turns(rotation, 10, Set.of(), Set.of(), new State());
        assertEquals(List.of("sync-1000", "sync-10000", "async-1000", "async-10000", "sync-1000", "sync-10000",
            "async-1000", "async-10000", "sync-1000", "sync-10000"), got);
        for (int b = 1; b <= 10; b++) {
            assertEquals(Optional.of(got.get(b - 1)), rotation.groupOfBlock(b).map(Rotation.Group::label),
                "foreseen as given, block " + b);
        }
    }

    @Test
    void aTurnSetAsideIsGivenToItsGroupAgainNext() {
        State state = new State();
        // block 6 is sync-10000's second turn; the host slowed its half
        List<String> got = new ArrayList<>();
        Rotation r = run(rotation, 1, 10, Set.of(6), Set.of(), state, got);
        assertEquals(List.of("sync-1000", "sync-10000", "async-1000", "async-10000", "sync-1000", "sync-10000",
            "sync-10000", "async-1000", "async-10000", "sync-1000"), got);
        assertTrue(r.givenAgain(7));
        assertFalse(r.givenAgain(6) || r.givenAgain(8) || r.givenAgain(1));
    }

    @Test
    void aGroupWhoseTurnsNeverGiveValuesCostsTheOthersAtMostTwoTurns() {
        State state = new State();
        List<String> got = turns(rotation, 40, Set.of(), Set.of("async-1000"), state);
        assertTrue(got.stream().filter("async-1000"::equals).count() <= 40 / 4 + 2, got.toString());
        for (String other : List.of("sync-1000", "sync-10000", "async-10000")) {
            assertTrue(state.valued.get(other).size() >= 40 / 4 - 2, other + ": " + got);
        }
    }

    @Test
    void aGroupWithNoCellLeftToRunIsPassedOverAndDoesNotHoldTheOthersBack() {
        State state = new State();
        state.done.add("sync-1000");
        List<String> got = new ArrayList<>();
        // sync-1000 never takes a turn; a half set aside in the third round is still given again
        run(rotation, 1, 12, Set.of(8), Set.of(), state, got);
        assertEquals(List.of("sync-10000", "async-1000", "async-10000", "sync-10000", "async-1000", "async-10000",
            "sync-10000", "async-1000", "async-1000", "async-10000", "sync-10000", "async-1000"), got);
    }

    @Test
    void noGroupWithCellsLeftToRunTakesTheTurnsInTheOrder() {
        State state = new State();
        state.done.addAll(List.of("sync-1000", "sync-10000", "async-1000", "async-10000"));
        assertEquals(List.of("sync-1000", "sync-10000", "async-1000"), turns(rotation, 3, Set.of(), Set.of(), state));
    }

    @Test
    void blocksOfCountsTheTurnsGivenThenForeseesTheOrder() {
        State state = new State();
        List<String> got = new ArrayList<>();
        // block 2 (sync-10000) set aside: block 3 gives it again
        Rotation r = run(rotation, 1, 6, Set.of(2), Set.of(), state, got);
        assertEquals(List.of("sync-1000", "sync-10000", "sync-10000", "async-1000", "async-10000", "sync-1000"),
            r.taken().stream().map(Rotation.Group::label).toList());
        Cell sync10000 = r.cellsOf(new Rotation.Group(Mode.SYNC, 10000), plan.cells()).get(0);
        assertEquals(2, r.blocksOf(sync10000, 6));
        assertEquals(3, r.blocksOf(sync10000, 7), "block 7 foreseen for the group after the last turn's");
    }

    @Test
    void pacedBlocksWithoutATurnChooseNothing() {
        assertEquals(List.of("sync-1000", "sync-10000", "async-1000", "async-10000", "-", "-", "sync-1000", "-", "-"),
            turns(rotation.paced(4, 3), 9, Set.of(), Set.of(), new State()));
    }

    @Test
    void pacedAfterTurnsWereGivenAgainTheTurnsGoOn() {
        State state = new State();
        List<String> got = new ArrayList<>();
        // as MatrixFirst paces: after block 5 of turns given, one of them again (block 4's half set aside)
        Rotation r = run(rotation, 1, 5, Set.of(4), Set.of(), state, got).paced(5, 2);
        r = run(r, 6, 11, Set.of(), Set.of(), state, got);
        assertEquals(List.of("sync-1000", "sync-10000", "async-1000", "async-10000", "async-10000", "-", "sync-1000",
            "-", "sync-10000", "-", "async-1000"), got);
        assertEquals(8, r.taken().size());
    }

    @Test
    void aPacedTurnSetAsideIsGivenAgainAtTheNextBlockWithATurn() {
        State state = new State();
        List<String> got = new ArrayList<>();
        // paced from block 4 at one in two; block 6, sync-1000's turn, is set aside: block 8 gives it again
        Rotation r = run(rotation, 1, 4, Set.of(), Set.of(), state, got).paced(4, 2);
        run(r, 5, 12, Set.of(6), Set.of(), state, got);
        assertEquals(List.of("sync-1000", "sync-10000", "async-1000", "async-10000", "-", "sync-1000", "-", "sync-1000",
            "-", "sync-10000", "-", "async-1000"), got);
    }

    @Test
    void turnsAreGivenInOrder() {
        assertThrows(IllegalStateException.class, () -> rotation.choosing(3, new State()));
        assertEquals(Rotation.OFF, Rotation.OFF.choosing(1, new State()));
    }
}
