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
    void anUnmetCellGetsRunsByHowFarItIsFromTheTarget() {
        Cell daemon = matrix("dbus-daemon");
        Cell p2p = matrix("p2p-unix");
        assertEquals(Map.of(daemon.id(), 2), ExtraRuns.of(List.of(cell(daemon, 4.5, false), cell(p2p, 2.0, true))));
        assertEquals(Map.of(daemon.id(), ExtraRuns.MOST), ExtraRuns.of(List.of(cell(daemon, 40, false))));
    }

    @Test
    void metUndefinedSkippedAndTargetlessSubjectsMakeOneRun() {
        Cell daemon = matrix("dbus-daemon");
        List<Precision> none = new ArrayList<>();
        none.add(cell(daemon, 2.9, false));                                           // within, not yet marked
        none.add(cell(daemon, 9, true));                                              // met: keeps its mark
        none.add(cell(daemon, Double.NaN, false));                                    // under 2 blocks
        none.add(new Precision(daemon, null, 10, 50, 9, 3, false, 0, true));          // its transport did not start
        none.add(new Precision(daemon, null, 10, 50, 9, Double.NaN, false, 0, false)); // --blocks: no target
        none.add(null);                                                               // not assessed yet
        assertEquals(Map.of(), ExtraRuns.of(none));
    }

    @Test
    void anUnmetComparisonRaisesBothItsMatrixCellsButNoReferenceCell() {
        Comparison transport = plan.comparisons().stream().filter(c -> c.kind() == Comparison.Kind.TRANSPORT).findFirst()
            .orElseThrow();
        Map<String, Integer> runs = ExtraRuns.of(List.of(new Precision(transport.subject(), transport, 10, 0.4, 7, 3, false, 0,
            false)));
        assertEquals(Map.of(transport.subject().id(), 3, transport.baseline().id(), 3), runs);
        Comparison client = plan.comparisons().stream().filter(c -> c.subject().series() != Series.MATRIX).findFirst()
            .orElseThrow();
        assertTrue(ExtraRuns.of(List.of(new Precision(client.subject(), client, 10, 1.1, 7, 3, false, 0, false))).isEmpty(),
            "reference cells take turns in rotation groups: one run each");
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
    }
}
