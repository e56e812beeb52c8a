package org.dbuslab.analysis.model.calls;

import org.dbuslab.analysis.model.CellSummarizer;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.Environment;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.format.Phase;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MatrixRunLengthTest {

    private static RunRecord run(String transport, String placement, long ms, Phase phase) {
        CellKey key = new CellKey(transport, "sync", 1000, 1, 500).withPlacement(placement);
        return new RunRecord(key, 1, ms * 1_000_000L, new Counts(0, 0, 0), phase);
    }

    private static Environment withRunMs(Object runMs) {
        Map<String, Object> values = new HashMap<>();
        values.put(MatrixRunLength.ENVIRONMENT_KEY, runMs);
        return new Environment(values, true);
    }

    /** Session AD of 2026-12-07: calibrated while its host was slow, its one-cpu runs lasted 32 ms against 50. */
    @Test
    void poolsEveryMatrixCellsMeasuredRunsPerPlacementAndJudgesThemAgainstRunMs() {
        List<RunRecord> runs = new ArrayList<>();
        for (long ms : new long[] {31, 32, 33}) {
            runs.add(run("dbus-daemon", "one-cpu", ms, Phase.MEASURE));
            runs.add(run("p2p-unix", "one-cpu", ms + 1, Phase.MEASURE));
        }
        for (long ms : new long[] {48, 52, 55}) {
            runs.add(run("dbus-daemon", "cross", ms, Phase.MEASURE));
        }
        runs.add(run("dbus-daemon", "cross", 500, Phase.WARMUP)); // a warm-up run is not a measured one
        List<MatrixRunLength> lengths = MatrixRunLength.of(CellSummarizer.summarize(runs), withRunMs(50));

        assertEquals(2, lengths.size());
        MatrixRunLength oneCpu = lengths.get(0);
        assertEquals("one-cpu", oneCpu.placement());
        assertEquals(6, oneCpu.runs());
        assertEquals(32.5, oneCpu.medianMs(), 1e-9); // 31 32 32 33 33 34
        assertEquals(0.65, oneCpu.ratio(), 1e-9);
        assertFalse(oneCpu.withinTolerance());
        MatrixRunLength cross = lengths.get(1);
        assertEquals(3, cross.runs());
        assertEquals(52.0, cross.medianMs(), 1e-9);
        assertTrue(cross.withinTolerance());
    }

    @Test
    void theToleranceIsTwentyPercentEitherWay() {
        assertTrue(new MatrixRunLength("one-cpu", 1, 40, 50).withinTolerance());
        assertTrue(new MatrixRunLength("one-cpu", 1, 60, 50).withinTolerance());
        assertFalse(new MatrixRunLength("one-cpu", 1, 39.9, 50).withinTolerance());
        assertFalse(new MatrixRunLength("one-cpu", 1, 60.1, 50).withinTolerance());
    }

    @Test
    void withoutARecordedRunMsThereIsNothingToJudge() {
        List<RunRecord> runs = List.of(run("dbus-daemon", "free", 20, Phase.MEASURE));
        for (Environment environment : List.of(Environment.unknown(), withRunMs(null), withRunMs("unknown"))) {
            MatrixRunLength length = MatrixRunLength.of(CellSummarizer.summarize(runs), environment).get(0);
            assertFalse(length.hasTarget());
            assertFalse(length.withinTolerance());
            assertTrue(Double.isNaN(length.ratio()));
            assertEquals(20.0, length.medianMs(), 1e-9);
        }
    }
}
