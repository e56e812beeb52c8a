package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.analysis.report.PrecisionMark;
import org.dbuslab.analysis.report.SweepSection;
import org.dbuslab.format.Phase;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class SweepSeriesTest {

    private static final int CALLS = 1000;

    private static List<RunRecord> point(String transport, int window, double usPerCall, long errors) {
        CellKey key = new CellKey(transport, "async", 1000, window, Math.max(CALLS, 2 * window), CellKey.SUBJECT_PAIR,
                CellKey.SWEEP, CellKey.ECHO);
        List<RunRecord> runs = new ArrayList<>();
        for (int run = 1; run <= 3; run++) {
            runs.add(new RunRecord(key, run, Math.round(usPerCall * 1000 * key.calls()), new Counts(0, 0, run == 1 ? errors : 0),
                    Phase.MEASURE));
        }
        return runs;
    }

    @Test
    public void saturatesAtTheSmallestWindowWithinFivePercentOfTheBestCleanWindow() {
        List<RunRecord> runs = new ArrayList<>();
        // calls/s: 10000, 16667, 19608, 20408, 50000 (errors: not a throughput), 20000
        runs.addAll(point("dbus-daemon", 1, 100, 0));
        runs.addAll(point("dbus-daemon", 2, 60, 0));
        runs.addAll(point("dbus-daemon", 4, 51, 0));
        runs.addAll(point("dbus-daemon", 8, 49, 0));
        runs.addAll(point("dbus-daemon", 16, 20, 7));
        runs.addAll(point("dbus-daemon", 32, 50, 0));
        runs.addAll(point("dbus-broker", 1, 80, 0));
        List<SweepSeries> sweep = SweepSeries.of(CellSummarizer.summarize(runs));

        assertEquals(List.of("dbus-daemon", "dbus-broker"), sweep.stream().map(SweepSeries::transport).toList());
        SweepSeries daemon = sweep.get(0);
        assertEquals(List.of(1, 2, 4, 8, 16, 32), daemon.windows());
        assertEquals(8, daemon.best().orElseThrow().key().window());
        assertEquals(4, daemon.saturation().orElseThrow().key().window()); // 19608 ≥ 0.95 × 20408 = 19388
        assertEquals(0.5, daemon.ofBest(daemon.points().get(0)), 0.01);
        assertEquals("window 4 (19608 calls/s; best 20408 at window 8)", SweepSection.saturation(daemon));
        String grid = SweepSection.sweep(sweep, PrecisionMark.DEFAULT_TARGET_PCT).rows().get(0).toString();
        assertTrue(grid.contains("50000/s, 20.0 µs ⚠ lost 0, mismatched 0, errors 7"), grid);
        assertEquals(1, sweep.get(1).saturation().orElseThrow().key().window());
        assertTrue(daemon.saturatesWithinSweep());
    }

    /** A session read "saturates at window 256 ..., within 5 % of the best, 23677 at window 256": the deepest window. */
    @Test
    public void aSeriesFastestAtItsDeepestWindowDoesNotSaturateWithinTheSweep() {
        List<RunRecord> runs = new ArrayList<>();
        runs.addAll(point("dbus-daemon", 1, 100, 0));
        runs.addAll(point("dbus-daemon", 2, 60, 0));
        runs.addAll(point("dbus-daemon", 4, 40, 0)); // 25000 calls/s, the best; 16667 at window 2 is not within 5 %
        SweepSeries daemon = SweepSeries.of(CellSummarizer.summarize(runs)).get(0);
        assertEquals(4, daemon.saturation().orElseThrow().key().window());
        assertFalse(daemon.saturatesWithinSweep());
        assertEquals("not within the sweep: the deepest window, 4, is the fastest (25000 calls/s)", SweepSection.saturation(daemon));
    }
}
