package org.dbuslab.runner.stop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.dbuslab.format.Series;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.Comparison;
import org.dbuslab.runner.plan.PlanFixtures;
import org.dbuslab.runner.plan.SessionPlan;
import org.junit.jupiter.api.Test;

class ExtraRunsTest {

    private final SessionPlan plan = PlanFixtures.plan("--transports", "dbus-daemon,p2p-unix", "--modes", "sync", "--sizes",
        "1000");

    private static Precision cell(Cell c, double halfWidth, boolean met) {
        return new Precision(c, null, 10, 50, halfWidth, 3, met, met ? 4 : 0, false);
    }

    private Cell matrix(String transport) {
        return plan.matrix().stream().filter(c -> c.transport().label().equals(transport)).findFirst().orElseThrow();
    }

    @Test
    void matrixCellsAndOtherComparisonsKeepOneRunPerBlock() {
        Cell daemon = matrix("dbus-daemon");
        assertEquals(Map.of(), ExtraRuns.of(List.of(cell(daemon, 40, false))), "in every block: a run there is worth less");
        Comparison transport = plan.comparisons().stream().filter(c -> c.kind() == Comparison.Kind.TRANSPORT).findFirst()
            .orElseThrow();
        assertEquals(Map.of(), ExtraRuns.of(List.of(new Precision(transport.subject(), transport, 10, 0.4, 7, 3, false, 0,
            false))));
        Comparison client = plan.comparisons().stream().filter(c -> c.subject().series() != Series.MATRIX).findFirst()
            .orElseThrow();
        assertTrue(ExtraRuns.of(List.of(new Precision(client.subject(), client, 10, 1.1, 7, 3, false, 0, false))).isEmpty());
    }

    @Test
    void metUndefinedSkippedAndTargetlessPricesMakeOneRun() {
        Comparison path = PlanFixtures.plan("--sizes", "1000").comparisons().stream()
            .filter(c -> c.kind() == Comparison.Kind.PATH).findFirst().orElseThrow();
        List<Precision> none = new ArrayList<>();
        none.add(new Precision(path.subject(), path, 10, 1.5, 4.9, 5, false, 0, false));     // within, not yet marked
        none.add(new Precision(path.subject(), path, 10, 1.5, 9, 5, true, 6, false));        // met: keeps its mark
        none.add(new Precision(path.subject(), path, 1, 1.5, Double.NaN, 5, false, 0, false)); // under 2 blocks
        none.add(new Precision(path.subject(), path, 10, 1.5, 9, 5, false, 0, true));        // its route did not start
        none.add(new Precision(path.subject(), path, 10, 1.5, 9, Double.NaN, false, 0, false)); // --blocks: no target
        none.add(null);                                                                       // not assessed yet
        assertEquals(Map.of(), ExtraRuns.of(none));
    }

    @Test
    void aPathsPriceIsHeldToItsOwnTargetAndRaisesBothItsCells() {
        SessionPlan withPaths = PlanFixtures.plan("--sizes", "1000");
        Comparison path = withPaths.comparisons().stream().filter(c -> c.kind() == Comparison.Kind.PATH).findFirst()
            .orElseThrow();
        assertEquals(Comparison.Kind.PATH_TARGET_PCT, path.kind().target(3), 0);
        assertEquals(3, Comparison.Kind.TRANSPORT.target(3), 0);
        assertTrue(Double.isNaN(path.kind().target(Double.NaN)), "no target without one for the session (--blocks)");
        Map<String, Integer> runs = ExtraRuns.of(List.of(new Precision(path.subject(), path, 10, 1.5, 9, 5, false, 0, false)));
        assertEquals(Map.of(path.subject().id(), 2, path.baseline().id(), 2), runs);
        assertEquals(ExtraRuns.MOST, ExtraRuns.of(List.of(new Precision(path.subject(), path, 10, 1.5, 40, 5, false, 0,
            false))).get(path.subject().id()));
    }

    @Test
    void aPathsPriceIsNotMetOnFewerBlocksThanTheSessionsLeast() {
        SessionPlan withPaths = PlanFixtures.plan("--sizes", "1000", "--modes", "sync");
        Comparison path = withPaths.comparisons().stream().filter(c -> c.kind() == Comparison.Kind.PATH).findFirst()
            .orElseThrow();
        PrecisionRule rule = new PrecisionRule(withPaths, 3, 0, 5, BlockCi.deciding());
        BlockSamples samples = new BlockSamples();
        for (int b = 1; b <= 5; b++) {
            for (Cell c : withPaths.cells()) {
                if (c.series() != Series.PATHS || b % 2 == 0) { // the paths in every other block: 2 of 5
                    samples.add(b, c.id(), c.equals(path.subject()) ? 150 + b * 0.01 : 100 + b * 0.01);
                }
            }
        }
        Precision price = rule.assess(samples, java.util.Set.of()).stream()
            .filter(p -> p.isComparison() && p.comparison().equals(path)).findFirst().orElseThrow();
        assertTrue(price.halfWidthPct() < 1, price.toString());
        assertTrue(!price.met(), "2 blocks of values: not yet, whatever its interval");
        assertEquals(5.0, price.targetPct(), 0);
    }

    @Test
    void theRatioOf2015IsHeldTo15PercentAndRaisesItsGlibCells() {
        Comparison lkml = PlanFixtures.plan().comparisons().stream().filter(c -> c.kind() == Comparison.Kind.LKML)
            .findFirst().orElseThrow();
        assertEquals(Comparison.Kind.LKML_TARGET_PCT, lkml.kind().target(3), 0);
        Map<String, Integer> runs = ExtraRuns.of(List.of(new Precision(lkml.subject(), lkml, 10, 1.4, 20, 15, false, 0,
            false)));
        assertEquals(Map.of(lkml.subject().id(), 2, lkml.baseline().id(), 2), runs);
    }
}
