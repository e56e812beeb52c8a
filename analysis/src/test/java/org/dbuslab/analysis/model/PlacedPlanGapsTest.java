package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.LatencyHistograms;
import org.dbuslab.analysis.read.PlanReader;
import org.dbuslab.analysis.read.PlannedCell;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.format.Phase;
import org.dbuslab.stats.Bootstrap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** plan.tsv names each cell's placement since 2026-12-06: a short placement is a gap of its own, not hidden by the other. */
public class PlacedPlanGapsTest {

    @TempDir
    Path dir;

    private static List<RunRecord> runs(String placement, int count) {
        CellKey key = new CellKey("dbus-daemon", "sync", 1000, 1, 500, CellKey.SUBJECT_PAIR, CellKey.MATRIX, CellKey.ECHO,
                placement);
        List<RunRecord> runs = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            runs.add(new RunRecord(key, i, 20_000_000L + i, Counts.ZERO, Phase.MEASURE));
        }
        return runs;
    }

    private List<PlannedCell> plan(String text) throws Exception {
        Files.writeString(dir.resolve(PlanReader.FILE), text);
        return PlanReader.read(dir.resolve(PlanReader.FILE), w -> { });
    }

    private static List<DataGap> gaps(List<PlannedCell> plan, List<RunRecord> runs) {
        return GapFinder.find(Optional.of(plan), CellSummarizer.summarize(runs, LatencyHistograms.NONE, Bootstrap.standard()),
                List.of());
    }

    @Test
    public void eachPlacementIsCheckedAgainstItsOwnRow() throws Exception {
        List<PlannedCell> plan = plan("dbus-daemon\tsync\t1000\t1\t500\t10\t2\tall\tone-cpu\t\n"
                + "dbus-daemon\tsync\t1000\t1\t500\t10\t2\tall\tcross\t\n");
        assertTrue(plan.get(1).placed());
        assertEquals("cross", plan.get(1).key().placement());
        List<RunRecord> runs = new ArrayList<>(runs("one-cpu", 12));
        runs.addAll(runs("cross", 5));
        List<DataGap> gaps = gaps(plan, runs);
        assertEquals(1, gaps.size(), gaps.toString());
        assertEquals("cross", gaps.get(0).cell().placement());
        assertEquals("incomplete: 5 of 10 planned runs measured", gaps.get(0).problem());
    }

    @Test
    public void aPlanWithoutPlacementsCountsAcrossThem() throws Exception {
        List<PlannedCell> plan = plan("dbus-daemon\tsync\t1000\t1\t500\t10\t2\tall\n");
        assertFalse(plan.get(0).placed());
        List<RunRecord> runs = new ArrayList<>(runs("one-cpu", 5));
        runs.addAll(runs("cross", 5));
        assertEquals(List.of(), gaps(plan, runs));
    }
}
