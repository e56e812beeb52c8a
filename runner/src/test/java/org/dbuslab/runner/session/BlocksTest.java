package org.dbuslab.runner.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.dbuslab.format.Series;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.Mode;
import org.dbuslab.runner.plan.PlanFixtures;
import org.dbuslab.runner.plan.Rotation;
import org.dbuslab.runner.plan.SessionPlan;
import org.junit.jupiter.api.Test;

/** What each measured block runs: the matrix, the block's rotation group, the over-limit check once, capped cells until done. */
class BlocksTest {

    private final SessionPlan plain = PlanFixtures.plan();

    @Test
    void aCappedCellLeavesTheBlocksOnceItHasItsMeasuredRuns() {
        // on dbus-broker: dbus-daemon's sync 1000 B reference cells are the lab-health headline's, in every block
        Cell target = plain.cells().stream().filter(c -> c.series() == Series.REFERENCE && c.mode() == Mode.SYNC
                && c.payloadBytes() == 1000 && c.transport() == org.dbuslab.format.Transport.DBUS_BROKER).findFirst().orElseThrow();
        SessionPlan plan = new SessionPlan(plain.cells().stream().map(c -> c.equals(target) ? c.withMaxRuns(2) : c).toList(),
                plain.comparisons());
        Rotation rotation = Rotation.of(plan.cells(), true);
        Map<String, Integer> made = new HashMap<>();
        int inBlocks = 0;
        for (int b = 1; b <= 20; b++) {
            List<Cell> cells = Blocks.cellsOfMeasuredBlock(plan, rotation, made, b);
            if (cells.stream().anyMatch(c -> c.id().equals(target.id()))) {
                inBlocks++;
                assertEquals("sync-1000", rotation.blockLabel(b), "only in its group's blocks");
                made.merge(target.id(), 1, Integer::sum);
            }
            assertEquals(20, cells.stream().filter(c -> c.series() == Series.MATRIX).count(), "the matrix in every block");
            assertEquals(b == 1, cells.stream().anyMatch(c -> c.kind() == CellKind.OVERLIMIT), "over-limit once");
        }
        assertEquals(2, inBlocks, "two runs, then it leaves");
    }

    /** With the matrix first, a block without a turn runs the matrix and the every-block cells, nothing of a group. */
    @Test
    void aPacedBlockWithoutATurnRunsOnlyTheCellsOfEveryBlock() {
        Rotation paced = Rotation.of(plain.cells(), true).paced(5, 3);
        Map<String, Integer> none = Map.of();
        List<Cell> alone = Blocks.cellsOfMeasuredBlock(plain, paced, none, 6);
        assertTrue(alone.stream().allMatch(c -> paced.groupOf(c).isEmpty()), alone.toString());
        assertEquals(20, alone.stream().filter(c -> c.series() == Series.MATRIX).count());
        List<Cell> turn = Blocks.cellsOfMeasuredBlock(plain, paced, none, 8);
        assertTrue(turn.stream().anyMatch(c -> paced.groupOf(c).isPresent()), "block 8 takes the sixth turn");
    }

    @Test
    void withRotationOffEveryBlockRunsEveryCellButTheOverLimitCheckAfterTheFirst() {
        Map<String, Integer> none = Map.of();
        assertEquals(plain.cells(), Blocks.cellsOfMeasuredBlock(plain, Rotation.OFF, none, 1));
        List<Cell> second = Blocks.cellsOfMeasuredBlock(plain, Rotation.OFF, none, 2);
        assertEquals(plain.cells().size() - 1, second.size());
        assertFalse(second.stream().anyMatch(c -> c.kind() == CellKind.OVERLIMIT));
        assertTrue(Blocks.cellsOfMeasuredBlock(plain, Rotation.of(plain.cells(), true), none, 2).size() < second.size());
    }

    @Test
    void aCellNotYetWithinTheTargetRunsAsOftenAsExtraRunsSays() {
        List<Cell> cells = Blocks.cellsOfMeasuredBlock(plain, Rotation.OFF, Map.of(), 2).stream()
            .filter(c -> c.kind() != CellKind.RAW).toList();
        Cell noisy = cells.get(3);
        List<Cell> block = Blocks.repeated(cells, Map.of(noisy.id(), 3));
        assertEquals(cells.size() + 2, block.size());
        assertEquals(3, block.stream().filter(noisy::equals).count());
        assertEquals(cells, Blocks.repeated(cells, Map.of()));
    }

    @Test
    void aRawFloorCellRunsThreeTimesABlock() {
        List<Cell> cells = Blocks.cellsOfMeasuredBlock(plain, Rotation.OFF, Map.of(), 2);
        Cell floor = cells.stream().filter(c -> c.kind() == CellKind.RAW).findFirst().orElseThrow();
        List<Cell> block = Blocks.repeated(cells, Map.of());
        assertEquals(3, block.stream().filter(floor::equals).count());
        assertEquals(3, Blocks.repeated(cells, Map.of(floor.id(), 2)).stream().filter(floor::equals).count(),
            "extra runs never lower it");
    }

    @Test
    void clientsOutsideTheMatrixWithARotatingCellAreSettledAfterTheWarmUp() {
        Rotation rotation = Rotation.of(plain.cells(), true);
        var matrix = new org.dbuslab.runner.plan.ClientKey(org.dbuslab.format.Transport.DBUS_DAEMON,
                org.dbuslab.format.Pair.JAVA, Mode.SYNC);
        var proxy = new org.dbuslab.runner.plan.ClientKey(org.dbuslab.format.Transport.DBUS_DAEMON_PROXY,
                org.dbuslab.format.Pair.JAVA, Mode.SYNC);
        assertEquals(java.util.Set.of(proxy), Blocks.rotating(plain, rotation, java.util.Set.of(matrix, proxy)),
                "the matrix client runs in every block; the proxy's only in its group's");
        assertEquals(java.util.Set.of(), Blocks.rotating(plain, Rotation.OFF, java.util.Set.of(matrix, proxy)),
                "without rotation every client runs in every block");
        var health = new org.dbuslab.runner.plan.ClientKey(org.dbuslab.format.Transport.DBUS_DAEMON,
                org.dbuslab.format.Pair.JAVA_LIBDBUS, Mode.SYNC);
        assertEquals(java.util.Set.of(health), Blocks.rotating(plain, rotation, java.util.Set.of(health)),
                "the lab-health client: its 1000 B cell in every block, its 10000 B cell in its group's");
        var rawUnixSync = plain.cells().stream().filter(c -> c.id().equals("reference.raw.raw-unix.sync.1000.w1"))
                .findFirst().orElseThrow().clientKey().orElseThrow();
        List<Cell> settling = Blocks.cellsOf(plain, java.util.Set.of(rawUnixSync, proxy));
        assertEquals(List.of("reference.raw.raw-unix.sync.1000.w1", "reference.raw.raw-unix.sync.10000.w1",
                "paths.java.dbus-daemon-proxy.sync.1000.w1"), settling.stream().map(Cell::id).toList(),
                "every cell of each client: each size is a code path to warm");
    }

    @Test
    void everyRotatingJavaClientButDbusJavaAsShippedIsSettledAtTheMeasuredLength() {
        Rotation rotation = Rotation.of(plain.cells(), true);
        List<org.dbuslab.runner.plan.ClientKey> java = plain.cells().stream()
            .filter(c -> c.kind() != CellKind.OVERLIMIT && c.kind().jit()).map(c -> c.clientKey().orElseThrow())
            .distinct().toList();
        java.util.Set<org.dbuslab.runner.plan.ClientKey> settled = Blocks.settledAtMeasuredLength(plain, rotation, java);
        java.util.Set<CellKind> kinds = new java.util.HashSet<>();
        java.util.Set<Series> series = new java.util.HashSet<>();
        for (Cell c : plain.cells()) {
            if (c.clientKey().filter(settled::contains).isPresent()) {
                kinds.add(c.kind());
                series.add(c.series());
            }
        }
        assertTrue(kinds.contains(CellKind.RAW), "the raw-socket floor's client: " + kinds);
        assertTrue(kinds.contains(CellKind.JAVA_LIBDBUS), "the lab's client beside libdbus: " + kinds);
        assertTrue(series.contains(Series.PATHS), "the paths' clients: " + series);
        assertFalse(kinds.contains(CellKind.STOCK), "dbus-java as shipped never goes quiet");
        assertFalse(series.contains(Series.MATRIX), "the matrix's clients run in every block");
        assertTrue(plain.cells().stream().anyMatch(c -> c.kind() == CellKind.STOCK), "the fixture has a shipped client");
    }

    @Test
    void calibrationGoesOnWhileTheMatrixStillGetsFaster() {
        assertEquals(-0.5, Blocks.medianChange(Map.of("a", 200.0, "b", 100.0, "c", 50.0),
            Map.of("a", 100.0, "b", 50.0, "c", 25.0, "new", 1.0)), 1e-9, "the cells in both blocks, halved");
        assertTrue(Double.isNaN(Blocks.medianChange(Map.of(), Map.of("a", 1.0))), "the first block has nothing to compare");
        assertTrue(Math.abs(Blocks.medianChange(Map.of("a", 100.0), Map.of("a", 95.0))) <= Blocks.STEADY, "5% is steady");
    }

    /**
     * Once steady, a matrix cell's count comes from its typical run of the last two blocks: a host that ran at two
     * speeds gave fastest runs from its quick spells only, and measured runs 1.4x the target.
     */
    @Test
    void aSteadyMatrixIsRecalibratedFromItsTypicalRunsOfTheLastTwoBlocks() {
        Map<String, Double> out = Blocks.lastTwoBlocks(Map.of("a", List.of(10.0), "gone", List.of(1.0)),
            Map.of("a", List.of(20.0), "b", List.of(30.0, 40.0)));
        assertEquals(Map.of("a", 15.0, "b", 35.0), out, "median over both blocks; only cells of the last block");
        assertEquals(Map.of("a", 12.0), Blocks.lastTwoBlocks(Map.of("a", List.of(10.0, 12.0)), Map.of("a", List.of(30.0))),
            "one slow run among three does not set the count");
    }
}
