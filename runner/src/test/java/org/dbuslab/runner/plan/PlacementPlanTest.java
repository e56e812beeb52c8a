package org.dbuslab.runner.plan;

import org.dbuslab.format.Phase;
import org.dbuslab.format.Placement;
import org.dbuslab.format.Series;
import org.dbuslab.runner.options.BlockOrdering;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 21: the matrix in one-cpu and cross, everything else in one-cpu, comparisons within one placement. */
class PlacementPlanTest {

    private static final SessionPlan DEFAULT = SessionPlan.of(PlanFixtures.twoPlacements());

    @Test
    void theDefaultMatrixIsMeasuredInOneCpuAndCrossAndEveryOtherSeriesInOneCpu() {
        Map<Placement, Long> matrix = DEFAULT.matrix().stream()
            .collect(Collectors.groupingBy(Cell::placement, Collectors.counting()));
        assertEquals(Map.of(Placement.ONE_CPU, 20L, Placement.CROSS, 20L), matrix);
        assertTrue(DEFAULT.cells().stream().filter(c -> c.series() != Series.MATRIX)
            .allMatch(c -> c.placement() == Placement.ONE_CPU));
        assertEquals(DEFAULT.cells().size(), DEFAULT.cells().stream().map(Cell::id).distinct().count(), "ids differ");
        assertTrue(DEFAULT.cell("matrix.java.dbus-daemon.sync.1000.w1.cross").isPresent());
    }

    @Test
    void eachComparisonStaysWithinOnePlacementAndBothPlacementsGetTheirs() {
        assertTrue(DEFAULT.comparisons().stream().allMatch(c -> c.subject().placement() == c.baseline().placement()));
        Map<Placement, Long> transport = DEFAULT.comparisons().stream().filter(c -> c.kind() == Comparison.Kind.TRANSPORT)
            .collect(Collectors.groupingBy(c -> c.subject().placement(), Collectors.counting()));
        assertEquals(Map.of(Placement.ONE_CPU, 16L, Placement.CROSS, 16L), transport);
    }

    @Test
    void bothPlacementsOfACellShareItsClientButEachRunsAboutTheTarget() {
        Map<String, Double> ns = Map.of("matrix.java.dbus-daemon.sync.1000.w1", 20_000.0,
            "matrix.java.dbus-daemon.sync.1000.w1.cross", 80_000.0);
        Map<String, Integer> calls = CallsCalibration.calibrate(DEFAULT.cells(), ns, java.time.Duration.ofMillis(50));
        assertEquals(2500, calls.get("matrix.java.dbus-daemon.sync.1000.w1"), "one-cpu: 50 ms at 20 us per call");
        assertEquals(625, calls.get("matrix.java.dbus-daemon.sync.1000.w1.cross"), "cross: 50 ms at 80 us per call");
        Cell one = DEFAULT.cell("matrix.java.dbus-daemon.sync.1000.w1").orElseThrow();
        Cell cross = DEFAULT.cell("matrix.java.dbus-daemon.sync.1000.w1.cross").orElseThrow();
        assertEquals(one.clientKey(), cross.clientKey(), "one persistent client, moved between placements");
    }

    @Test
    void fullMeasuresOneCpuCrossAndFreeAndAFreeSessionHasOnlyFree() {
        assertEquals(Set.of(Placement.ONE_CPU, Placement.CROSS, Placement.FREE), SessionPlan.of(org.dbuslab.runner.options.SessionOptions.parse(PlanFixtures.CLOCK, "--full").config())
            .matrix().stream().map(Cell::placement).collect(Collectors.toSet()));
        assertTrue(SessionPlan.of(PlanFixtures.config("--placement", "free")).cells().stream()
            .allMatch(c -> c.placement() == Placement.FREE));
    }

    @Test
    void blocksAlternateWhichPlacementComesFirstSoTheProcessesMoveOncePerBlock() {
        List<Placement> both = List.of(Placement.ONE_CPU, Placement.CROSS);
        assertEquals(both, BlockOrder.placementsOfBlock(both, 1));
        assertEquals(List.of(Placement.CROSS, Placement.ONE_CPU), BlockOrder.placementsOfBlock(both, 2));
        assertEquals(both, BlockOrder.placementsOfBlock(both, 3));
    }

    @Test
    void aBlocksRunsAreGroupedByPlacementKeepingTheShuffleWithinEach() {
        List<Cell> cells = DEFAULT.cellsOfBlock(Phase.MEASURE, 2);
        BlockOrder shuffled = BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.INTERLEAVED, 42, 2);
        List<Placement> halves = BlockOrder.placementsOfBlock(List.of(Placement.ONE_CPU, Placement.CROSS), 2);
        List<Cell> grouped = shuffled.inPlacementHalves(halves).cells();
        assertEquals(cells.size(), grouped.size());
        int firstOneCpu = grouped.indexOf(grouped.stream().filter(c -> c.placement() == Placement.ONE_CPU).findFirst().orElseThrow());
        assertTrue(grouped.subList(0, firstOneCpu).stream().allMatch(c -> c.placement() == Placement.CROSS));
        assertTrue(grouped.subList(firstOneCpu, grouped.size()).stream().allMatch(c -> c.placement() == Placement.ONE_CPU));
        assertEquals(shuffled.cells().stream().filter(c -> c.placement() == Placement.CROSS).toList(),
            grouped.subList(0, firstOneCpu), "the cross runs in their shuffled order");
    }
}
