package org.dbuslab.runner.plan;

import org.dbuslab.format.Series;

import static org.dbuslab.runner.plan.PlanFixtures.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class RotationTest {

    private final SessionPlan plan = plan("--paths", "none");
    private final Rotation rotation = Rotation.of(plan.cells(), true);

    private static Rotation.Group g(Mode mode, int bytes) {
        return new Rotation.Group(mode, bytes);
    }

    @Test
    void theGroupsAreEveryModeAndSizeOutsideTheMatrixSortedByModeThenSize() {
        assertEquals(List.of(g(Mode.SYNC, 1000), g(Mode.SYNC, 10000), g(Mode.ASYNC, 1000), g(Mode.ASYNC, 10000)),
                rotation.groups());
        assertEquals(List.of("sync-1000", "sync-10000", "async-1000", "async-10000"),
                rotation.groups().stream().map(Rotation.Group::label).toList());
    }

    @Test
    void blockBRunsGroupBMinusOneModG() {
        assertEquals(Optional.of(g(Mode.SYNC, 1000)), rotation.groupOfBlock(1));
        assertEquals(Optional.of(g(Mode.ASYNC, 10000)), rotation.groupOfBlock(4));
        assertEquals(Optional.of(g(Mode.SYNC, 1000)), rotation.groupOfBlock(5));
        assertEquals(Optional.of(g(Mode.SYNC, 10000)), rotation.groupOfBlock(10));
        assertEquals("async-1000", rotation.blockLabel(7));
        assertThrows(IllegalArgumentException.class, () -> rotation.groupOfBlock(0));
    }

    /** Paced after block 4 at one in three: blocks 5, 6, 8, 9 run no group, 7 and 10 take the next turns (5 and 6). */
    @Test
    void aPacedRotationGivesTheGroupsOneBlockInPaceAfterTheBlockItStarts() {
        Rotation paced = rotation.paced(4, 3);
        assertTrue(paced.isPaced());
        assertEquals(rotation.groupOfBlock(4), paced.groupOfBlock(4));
        for (int b : new int[] {5, 6, 8, 9, 11}) {
            assertEquals(Optional.empty(), paced.groupOfBlock(b), "block " + b);
            assertEquals(org.dbuslab.format.PlanTsv.NO_GROUP, paced.blockLabel(b));
        }
        assertEquals(Optional.of(g(Mode.SYNC, 1000)), paced.groupOfBlock(7), "turn 5 of 4 groups");
        assertEquals(Optional.of(g(Mode.SYNC, 10000)), paced.groupOfBlock(10), "turn 6");
        Cell sync1000 = plan.cells().stream().filter(c -> rotation.groupOf(c).equals(Optional.of(g(Mode.SYNC, 1000))))
            .findFirst().orElseThrow();
        Cell matrix = plan.cells().stream().filter(c -> c.series() == Series.MATRIX).findFirst().orElseThrow();
        assertEquals(2, paced.blocksOf(sync1000, 12), "blocks 1 and 7");
        assertEquals(12, paced.blocksOf(matrix, 12));
        for (int b = 1; b <= 12; b++) {
            assertEquals(paced.groupOfBlock(b).equals(Optional.of(g(Mode.SYNC, 1000))), paced.runs(sync1000, b), "block " + b);
        }
        assertEquals(paced.blocksOf(sync1000, 12), IntStream.rangeClosed(1, 12).filter(b -> paced.runs(sync1000, b)).count());
        assertThrows(IllegalArgumentException.class, () -> rotation.paced(4, 0));
    }

    /**
     * In every block: the matrix, the over-limit check, the 2015 experiment's pipelined cells (128 calls a run) and
     * the lab-health headline's three reference cells.
     */
    private static boolean everyBlock(Cell c) {
        return c.series() == Series.MATRIX || c.kind() == CellKind.OVERLIMIT
            || c.series() == Series.LKML && c.mode() == Mode.ASYNC || health(c);
    }

    /** dbus-daemon's sync reference cells at 1000 B: libdbus>libdbus, dbus-java>libdbus and libdbus>dbus-java. */
    private static boolean health(Cell c) {
        return c.series() == Series.REFERENCE && c.transport() == org.dbuslab.format.Transport.DBUS_DAEMON
            && c.mode() == Mode.SYNC && c.payloadBytes() == 1000;
    }

    /**
     * The lab-health finding's cells (libdbus>libdbus, dbus-java>libdbus, libdbus>dbus-java on dbus-daemon sync at the
     * smallest payload) are in every block, so its ratios pair over every block; the same pairs at 10000 B keep their
     * group's turns.
     */
    @Test
    void theLabHealthHeadlinesCellsAreInEveryBlockTheOtherSizesInTheirGroup() {
        List<Cell> reference = plan.cells().stream().filter(c -> c.series() == Series.REFERENCE
            && c.transport() == org.dbuslab.format.Transport.DBUS_DAEMON && c.mode() == Mode.SYNC).toList();
        assertEquals(6, reference.size(), "three pairs at two sizes: " + reference);
        for (Cell c : reference) {
            assertEquals(c.payloadBytes() == 1000, rotation.groupOf(c).isEmpty(), c.id());
            assertEquals(c.payloadBytes() == 1000 ? 8 : 2, rotation.blocksOf(c, 8), c.id());
        }
        assertEquals(1000, rotation.healthPayload());
        Rotation paced = rotation.paced(4, 3);
        Cell health = reference.stream().filter(c -> c.payloadBytes() == 1000).findFirst().orElseThrow();
        assertEquals(Optional.empty(), paced.groupOfBlock(5));
        assertTrue(paced.runs(health, 5), "pacing keeps them in a block without a group");
        SessionPlan larger = plan("--paths", "none", "--sizes", "4000,10000");
        assertEquals(4000, Rotation.of(larger.cells(), true).healthPayload(), "the smallest payload's");
    }

    @Test
    void the2015ExperimentsPipelinedCellsAreInEveryBlockItsSyncCellsInTheirGroup() {
        List<Cell> lkml = plan.cells().stream().filter(c -> c.series() == Series.LKML).toList();
        assertEquals(12, lkml.size());
        for (Cell c : lkml) {
            assertEquals(c.mode() == Mode.ASYNC, rotation.groupOf(c).isEmpty(), c.id());
            assertEquals(c.mode() == Mode.ASYNC ? 8 : 2, rotation.blocksOf(c, 8), c.id());
        }
        assertEquals(Rotation.EVERY, rotation.label(lkml.stream().filter(c -> c.mode() == Mode.ASYNC).findFirst().orElseThrow()));
    }

    @Test
    void theMatrixAndTheOverLimitCheckAreInEveryBlockEveryOtherCellInItsGroupsBlocksOnly() {
        for (int b = 1; b <= 8; b++) {
            Rotation.Group group = rotation.groupOfBlock(b).orElseThrow();
            List<Cell> cells = rotation.cellsOfBlock(plan.cells(), b);
            assertEquals(plan.matrix(), cells.stream().filter(c -> c.series() == Series.MATRIX).toList(), "block " + b);
            assertTrue(cells.stream().anyMatch(c -> c.kind() == CellKind.OVERLIMIT), "the over-limit cell is not rotated");
            assertTrue(cells.stream().filter(c -> !everyBlock(c))
                    .allMatch(c -> c.mode() == group.mode() && c.payloadBytes() == group.payloadBytes()), "block " + b);
        }
        // every block: 20 matrix cells, the over-limit check, 6 pipelined lkml cells; sync groups: 6 libdbus-pair
        // cells + 2 raw + 22 libraries pairs (11 per bus) + 3 sync lkml; async groups: the same without the sync lkml,
        // and 18 sweep points
        assertEquals(20 + 1 + 6 + 8 + 22 + 3, rotation.cellsOfBlock(plan.cells(), 1).size());
        assertEquals(20 + 1 + 6 + 8 + 22 + 18 + 3, rotation.cellsOfBlock(plan.cells(), 3).size(), "and the lab-health 3");
    }

    @Test
    void everyCellRunsOnceInEachRoundOfGBlocksAndEveryComparisonStaysWithinBlocks() {
        Set<String> seen = new HashSet<>();
        IntStream.rangeClosed(1, 4).forEach(b -> rotation.cellsOfBlock(plan.cells(), b).stream()
                .filter(c -> c.series() != Series.MATRIX).forEach(c -> assertTrue(seen.add(c.id()) || everyBlock(c))));
        assertEquals(plan.cells().size() - plan.matrix().size(), seen.size());
        for (Comparison comparison : plan.comparisons()) {
            for (int b = 1; b <= 4; b++) {
                assertEquals(rotation.runs(comparison.subject(), b), rotation.runs(comparison.baseline(), b)
                        || comparison.baseline().series() == Series.MATRIX, comparison.describe());
            }
        }
    }

    @Test
    void blocksOfCountsACellsBlocksAmongTheFirstN() {
        Cell matrix = plan.matrix().get(0);
        Cell async10000 = plan.cells().stream().filter(c -> c.series() == Series.REFERENCE && c.mode() == Mode.ASYNC
                && c.payloadBytes() == 10000).findFirst().orElseThrow();
        assertEquals(10, rotation.blocksOf(matrix, 10));
        assertEquals(0, rotation.blocksOf(async10000, 3));
        assertEquals(1, rotation.blocksOf(async10000, 4));
        assertEquals(2, rotation.blocksOf(async10000, 11));
        assertEquals(3, rotation.blocksOf(async10000, 12));
        for (int n = 0; n <= 13; n++) {
            int m = n;
            assertEquals(IntStream.rangeClosed(1, n).filter(b -> rotation.runs(async10000, b)).count(),
                    rotation.blocksOf(async10000, m), "n " + n);
        }
        assertEquals("async-10000", rotation.label(async10000));
        assertEquals(Rotation.EVERY, rotation.label(matrix));
    }

    @Test
    void offEveryCellIsInEveryBlock() {
        Rotation off = Rotation.of(plan.cells(), false);
        assertEquals(Rotation.OFF, off);
        assertEquals(plan.cells(), off.cellsOfBlock(plan.cells(), 3));
        assertEquals(Optional.empty(), off.groupOfBlock(3));
        assertEquals(Rotation.EVERY, off.blockLabel(3));
        assertEquals(7, off.blocksOf(plan.cells().get(40), 7));
    }

    @Test
    void theRealWorldPathsAreAFamilyOfGroupsThatTakesTheFirstTurn() {
        SessionPlan withPaths = plan();
        Rotation r = Rotation.of(withPaths.cells(), true);
        assertEquals(List.of("paths-1000", "sync-1000", "sync-10000", "async-1000", "async-10000"),
                r.groups().stream().map(Rotation.Group::label).toList(), "one paths group for both modes, first");
        for (int b : new int[] {1, 6}) {
            List<Cell> cells = r.cellsOfBlock(withPaths.cells(), b);
            assertTrue(cells.stream().filter(c -> !everyBlock(c))
                    .allMatch(c -> c.series() == Series.PATHS || c.series() == Series.POLICY), "block " + b);
        }
        assertTrue(r.cellsOfBlock(withPaths.cells(), 2).stream().noneMatch(c -> c.series() == Series.PATHS),
                "a common group's block has no path cell");
        // a session the budget ends mid-round: 34 measured blocks give the paths group 7 turns, the last group 6
        Cell path = withPaths.cells().stream().filter(c -> c.series() == Series.PATHS).findFirst().orElseThrow();
        Cell last = withPaths.cells().stream().filter(c -> r.groupOf(c).map(Rotation.Group::label)
                .filter("async-10000"::equals).isPresent()).findFirst().orElseThrow();
        assertEquals(7, r.blocksOf(path, 34));
        assertEquals(6, r.blocksOf(last, 34));
    }

    @Test
    void theFullPresetsPathGroupsComeFirstInSizeOrder() {
        Rotation r = Rotation.of(plan("--full").cells(), true);
        List<String> labels = r.groups().stream().map(Rotation.Group::label).toList();
        assertEquals(List.of("paths-1000", "paths-10000"), labels.subList(0, 2), labels.toString());
    }

    @Test
    void aMatrixOnlySessionHasNoGroups() {
        SessionPlan matrixOnly = plan("--no-reference", "--no-sweep", "--libraries", "none", "--lkml-runs", "0", "--paths",
                "none");
        assertEquals(List.of(), Rotation.of(matrixOnly.cells(), true).groups());
        assertEquals(matrixOnly.cells(), Rotation.of(matrixOnly.cells(), true).cellsOfBlock(matrixOnly.cells(), 2));
    }

    @Test
    void aCellWithARunCapWantsRunsUntilItHasThem() {
        Cell cell = plan.cells().get(30);
        assertTrue(cell.wantsMoreRuns(1_000_000), "no cap");
        Cell capped = cell.withMaxRuns(4);
        assertEquals(cell.id(), capped.id(), "the cap is not part of the identity");
        assertTrue(capped.wantsMoreRuns(0) && capped.wantsMoreRuns(3));
        assertTrue(!capped.wantsMoreRuns(4) && !capped.wantsMoreRuns(5));
        assertEquals(4, capped.withCalls(77).maxRuns(), "calibration keeps the cap");
        assertThrows(IllegalArgumentException.class, () -> cell.withMaxRuns(-1));
    }
}
