package org.dbuslab.runner.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.ClientKey;
import org.dbuslab.runner.plan.Comparison;
import org.dbuslab.runner.plan.Mode;
import org.dbuslab.runner.stop.Decision;
import org.dbuslab.runner.stop.Precision;
import org.dbuslab.runner.stop.WarmupRule;
import org.junit.jupiter.api.Test;

class ProgressTextTest {

    private static final Cell DAEMON = new Cell(CellKind.JAVA, Series.MATRIX, Pair.JAVA, Transport.DBUS_DAEMON, Mode.ASYNC, 1000, 128, 900);
    private static final Cell P2P = new Cell(CellKind.JAVA, Series.MATRIX, Pair.JAVA, Transport.P2P_UNIX, Mode.ASYNC, 1000, 128, 900);

    @Test
    void aRunLineNamesBlockPositionAndCell() {
        assertEquals("[block 7 measure 12/88] dbus-daemon async 1000 B w128 calls 900 [matrix]",
                ProgressText.run(7, "measure", 12, 88, DAEMON));
    }

    @Test
    void pathPricesSayTheirOwnTarget() {
        Comparison price = new Comparison(Comparison.Kind.PATH, P2P, DAEMON); // any two cells: the kind decides
        Decision d = new Decision(Decision.Verdict.CONTINUE, List.of(
                new Precision(DAEMON, null, 7, 40, 2.1, 3, true, 6, false),
                new Precision(P2P, price, 7, 1.5, 4.0, 5, true, 7, false),
                new Precision(P2P, new Comparison(Comparison.Kind.LKML, DAEMON, P2P), 7, 1.4, 9.0, 15, true, 7, false)));
        String line = ProgressText.measuredBlock(9, 7, 5, 20, d, Duration.ofSeconds(190), Optional.empty());
        assertTrue(line.contains("1/1 cells, 2/2 comparisons within +-3.0% (path +-5.0%, lkml +-15.0%)"), line);
        assertTrue(ProgressText.precisionSummary(d, 7).get(0).contains("within +-3.0% (path +-5.0%, lkml +-15.0%)"),
                ProgressText.precisionSummary(d, 7).toString());
    }

    @Test
    void aMeasuredBlockLineCountsWhatIsMetAndNamesTheWidest() {
        Comparison ratio = new Comparison(Comparison.Kind.TRANSPORT, P2P, DAEMON);
        Decision d = new Decision(Decision.Verdict.CONTINUE, List.of(
                new Precision(DAEMON, null, 7, 40, 2.1, 3, true, 6, false),
                new Precision(P2P, null, 7, 20, 2.9, 3, true, 7, false),
                new Precision(P2P, ratio, 7, 0.5, 4.9, 3, false, 0, false)));
        assertEquals("[block 9 = measured 7; ~5 more needed at the current rate, budget allows ~20] 2/2 cells, 0/1 "
                        + "comparisons within +-3.0%; widest: transport p2p-unix/dbus-daemon async 1000 B +-4.9%; budget left "
                        + "3m10s, ETA 2m30s",
                ProgressText.measuredBlock(9, 7, 5, 20, d, Duration.ofSeconds(190), Optional.of(Duration.ofSeconds(150))));
        Decision done = new Decision(Decision.Verdict.BUDGET_SPENT, d.precision());
        assertEquals("[block 9 = measured 7] 2/2 cells, 0/1 comparisons within +-3.0%; widest: transport "
                        + "p2p-unix/dbus-daemon async 1000 B +-4.9%; budget left 0s, ETA -- -> budget spent",
                ProgressText.measuredBlock(9, 7, 0, 0, done, Duration.ZERO, Optional.empty()));
        Decision fixed = new Decision(Decision.Verdict.CONTINUE, List.of(new Precision(DAEMON, null, 7, 40, 2.1, Double.NaN,
                false, 0, false)));
        assertEquals("[block 9 = measured 7 of 12] no precision target; widest: cell dbus-daemon async 1000 B +-2.1%; "
                        + "budget left 3m10s, ETA 2m30s",
                ProgressText.measuredBlock(9, 7, 5, -1, fixed, Duration.ofSeconds(190), Optional.of(Duration.ofSeconds(150))));
        assertEquals("[block 9 = measured 7 of 12, group async-1000] no precision target; widest: cell dbus-daemon async "
                        + "1000 B +-2.1%; budget left 3m10s, ETA 2m30s",
                ProgressText.measuredBlock(9, 7, "async-1000", 5, -1, fixed, Duration.ofSeconds(190),
                        Optional.of(Duration.ofSeconds(150))));
        assertTrue(ProgressText.measuredBlock(9, 7, "sync-1000", 5, 20, d, Duration.ofSeconds(190), Optional.empty())
                .startsWith("[block 9 = measured 7, group sync-1000; ~5 more needed"));
    }

    @Test
    void theSessionsFirstLinesSayWhatItWillDo() {
        var config = org.dbuslab.runner.plan.PlanFixtures.config("--order-seed", "42");
        List<String> lines = ProgressText.sessionStart(config, org.dbuslab.runner.plan.SessionPlan.of(config));
        assertEquals(List.of(
                "preset default: calls for ~50 ms per run, until +-3.0% (at least 5 measured blocks), budget 10m00s, "
                        + "warm-up >= 1 block(s), then until the JIT is quiet, <= 1m00s, async window 128, sizes 1000,10000",
                "transports dbus-daemon dbus-broker p2p-unix p2p-tcp dbus-daemon-tcp; modes sync async; order clustered "
                        + "(seed 42); placement one-cpu",
                "reference rows: libdbus pairs and raw floor at sizes 1000,10000 (dbus-daemon sync 1000 B's libdbus pairs, the"
                        + " lab-health finding's, in every block)",
                "sweep: windows 1,2,4,8,16,32,64,128,256; over-limit check in the first measured block",
                "client libraries: libdbus,dbus-java,dbus-java-stock,glib,sd-bus, 10 measured runs per cell; lkml: 3 measured runs per sync cell,"
                        + " in its rotation group's first blocks; async in every block",
                "real-world paths: proxy,bridge,policy at sizes 1000, each paired with the same client on the bus directly",
                "233 cells (20 matrix, 32 reference, 36 sweep, 88 libraries, 12 lkml, 36 paths, 8 policy), 29 runs per block"
                        + " + one of 5 rotation groups (paths-1000 44, sync-1000 30, sync-10000 33, async-1000 48,"
                        + " async-10000 48 runs), 79 persistent clients, 58 headline comparisons"),
                lines);
        var off = org.dbuslab.runner.plan.PlanFixtures.config("--rotation", "off", "--libraries", "none", "--lkml-runs", "0",
                "--paths", "none");
        assertTrue(ProgressText.sessionStart(off, org.dbuslab.runner.plan.SessionPlan.of(off)).get(6)
                .contains(" 88 runs per block, "), "every cell in every block");
    }

    @Test
    void thePrecisionSummaryListsWhatWasNotMet() {
        Comparison ratio = new Comparison(Comparison.Kind.TRANSPORT, P2P, DAEMON);
        Decision d = new Decision(Decision.Verdict.BUDGET_SPENT, List.of(
                new Precision(DAEMON, null, 9, 40, 2.1, 3, true, 6, false),
                new Precision(P2P, null, 9, 20, Double.NaN, 3, false, 0, false),
                new Precision(P2P, ratio, 9, 0.5, 4.9, 3, false, 0, false)));
        assertEquals(List.of("precision after 9 measured blocks: 1/2 cells and 0/1 comparisons within +-3.0%; widest "
                        + "transport p2p-unix/dbus-daemon async 1000 B +-4.9%",
                "  not met: cell p2p-unix async 1000 B (no interval)",
                "  not met: transport p2p-unix/dbus-daemon async 1000 B +-4.9%"), ProgressText.precisionSummary(d, 9));
    }

    @Test
    void aWarmupLineNamesWhoStillCompiles() {
        Map<ClientKey, Long> compiling = new LinkedHashMap<>();
        compiling.put(new ClientKey(Transport.DBUS_DAEMON, Pair.JAVA, Mode.ASYNC), 120L);
        assertEquals("[block 2 warm-up] took 41s; 1 Java client(s) still compiling (dbus-daemon.java.async 120 ms); "
                        + "warm-up budget left 19s",
                ProgressText.warmupBlock(2, Duration.ofSeconds(41), WarmupRule.Outcome.CONTINUE, compiling, Duration.ofSeconds(19)));
        assertEquals("[block 3 warm-up] took 40s; warm-up done: every Java client's JIT is quiet",
                ProgressText.warmupBlock(3, Duration.ofSeconds(40), WarmupRule.Outcome.JIT_QUIET, Map.of(), Duration.ZERO));
    }

    @Test
    void theRedoneLineSaysHowManyAndWhy() {
        assertEquals("   3 measured run(s) made again at once: their client compiled for more than 10 % of them"
            + " (runs.csv keeps them, phase redone)", ProgressText.redone(3));
    }
}
