package org.dbuslab.runner.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.ClientKey;
import org.dbuslab.runner.plan.Comparison;
import org.dbuslab.runner.plan.Mode;
import org.dbuslab.runner.plan.Pair;
import org.dbuslab.runner.plan.Series;
import org.dbuslab.runner.plan.Transport;
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
    void aMeasuredBlockLineCountsWhatIsMetAndNamesTheWidest() {
        Comparison ratio = new Comparison(Comparison.Kind.TRANSPORT, P2P, DAEMON);
        Decision d = new Decision(Decision.Verdict.CONTINUE, List.of(
                new Precision(DAEMON, null, 7, 40, 2.1, 3, true, 6, false),
                new Precision(P2P, null, 7, 20, 2.9, 3, true, 7, false),
                new Precision(P2P, ratio, 7, 0.5, 4.9, 3, false, 0, false)));
        assertEquals("[block 9 = measured 7 of ~12] 2/2 cells, 0/1 comparisons within +-3.0%; widest: transport "
                        + "p2p-unix/dbus-daemon async 1000 B +-4.9%; budget left 3m10s, ETA 2m30s",
                ProgressText.measuredBlock(9, 7, 5, d, Duration.ofSeconds(190), Optional.of(Duration.ofSeconds(150))));
        Decision done = new Decision(Decision.Verdict.BUDGET_SPENT, d.precision());
        assertEquals("[block 9 = measured 7 of ~7] 2/2 cells, 0/1 comparisons within +-3.0%; widest: transport "
                        + "p2p-unix/dbus-daemon async 1000 B +-4.9%; budget left 0s, ETA -- -> budget spent",
                ProgressText.measuredBlock(9, 7, 0, done, Duration.ZERO, Optional.empty()));
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
}
