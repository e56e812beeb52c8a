package org.dbuslab.analysis.model.calls;

import org.dbuslab.analysis.model.CellSummarizer;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.format.Phase;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

public class WarmupCallsTest {

    private static RunRecord run(CellKey key, Phase phase, Counts counts) {
        return new RunRecord(key, 1, 50_000_000L, counts, phase);
    }

    @Test
    public void calibrationWarmupsCountForTheMeasuredCell() {
        CellKey preset = new CellKey("dbus-daemon", "sync", 1000, 1, 2000);
        CellKey calibrated = new CellKey("dbus-daemon", "sync", 1000, 1, 350);
        List<CellSummary> cells = CellSummarizer.summarize(List.of(
                run(preset, Phase.WARMUP, new Counts(1, 0, 0)),
                run(calibrated, Phase.WARMUP, Counts.ZERO),
                run(calibrated, Phase.MEASURE, Counts.ZERO),
                run(calibrated, Phase.MEASURE, Counts.ZERO)));
        assertEquals(1, cells.size());
        assertEquals(calibrated, cells.get(0).key());
        assertEquals(2, cells.get(0).warmupRuns());
        assertEquals(new Counts(1, 0, 0), cells.get(0).warmupCounts()); // a lost warm-up call is not hidden
    }

    @Test
    public void aWarmupOnlyCellWithoutItsMeasuredCellStays() {
        CellKey other = new CellKey("dbus-broker", "sync", 1000, 1, 2000);
        CellKey measured = new CellKey("dbus-daemon", "sync", 1000, 1, 350);
        List<CellSummary> cells = CellSummarizer.summarize(List.of(run(other, Phase.WARMUP, Counts.ZERO),
                run(measured, Phase.MEASURE, Counts.ZERO)));
        assertEquals(2, cells.size());
    }
}
