package org.dbuslab.analysis.compare;

import org.dbuslab.analysis.SyntheticSession;
import org.dbuslab.analysis.model.CellSummarizer;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.read.ResultsFolder;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.dbuslab.stats.Direction;
import org.dbuslab.stats.Equivalence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** compare of two two-placement sessions (issue 21 item 5): cells match within a placement, flips are counted per placement. */
public class PlacementCompareTest {

    @TempDir
    public Path dir;

    private static List<CellSummary> cells(ResultsFolder folder) {
        return CellSummarizer.summarize(folder.runs());
    }

    private FolderComparison compare(List<SyntheticSession.BlockCell> newCells) throws java.io.IOException {
        java.nio.file.Files.createDirectories(dir.resolve("base"));
        java.nio.file.Files.createDirectories(dir.resolve("new"));
        ResultsFolder base = ResultsFolderReader.read(SyntheticSession.writeBlocks(dir.resolve("base"), 5, 10,
                SyntheticSession.placementCells()));
        ResultsFolder current = ResultsFolderReader.read(SyntheticSession.writeBlocks(dir.resolve("new"), 6, 10, newCells));
        return FolderComparison.of(cells(base), cells(current), 0.02, FolderComparison.DEFAULT_SHIFT_THRESHOLD, false,
                Equivalence.DEFAULT_MARGIN_PCT);
    }

    @Test
    public void twoSessionsOfTheSameCellsFlipNoVerdictInEitherPlacement() throws Exception {
        FolderComparison comparison = compare(SyntheticSession.placementCells());
        assertEquals(List.of("one-cpu", "cross"), List.copyOf(comparison.shifts().keySet()));
        comparison.changes().forEach(c -> assertEquals(c.base().key().placement(), c.current().key().placement()));
        assertEquals(12, comparison.changes().size());
        assertEquals(2, comparison.flips().size());
        comparison.flips().forEach(f -> {
            assertEquals(3, f.verdicts(), f.toString());
            assertTrue(f.flips().isEmpty(), f.toString());
        });
        assertEquals(12, comparison.with(Change.NO_CHANGE).size());
    }

    @Test
    public void aVerdictThatTurnsFromFasterToSlowerIsAFlipOfItsPlacementOnly() throws Exception {
        List<SyntheticSession.BlockCell> cells = new ArrayList<>(SyntheticSession.placementCells());
        SyntheticSession.BlockCell broker = cells.get(2); // dbus-broker sync one-cpu, 50 µs against dbus-daemon's 60
        cells.set(2, new SyntheticSession.BlockCell(broker.transport(), broker.mode(), broker.payloadBytes(), broker.window(),
                broker.pair(), broker.series(), broker.method(), 70, broker.clientUs(), broker.busUs(), broker.serverUs(),
                broker.placement()));
        FolderComparison comparison = compare(cells);
        HeadlineFlips one = comparison.flips().get(0);
        assertEquals("one-cpu", one.placement());
        assertEquals(1, one.flips().size());
        assertEquals(Direction.LOWER, one.flips().get(0).before());
        assertEquals(Direction.HIGHER, one.flips().get(0).after());
        assertTrue(comparison.flips().get(1).flips().isEmpty());
        String report = CompareReport.render(ResultsFolderReader.read(dir.resolve("base")), ResultsFolderReader.read(dir.resolve("new")),
                comparison, Instant.EPOCH);
        assertTrue(report.contains("## Per placement"), report);
        assertTrue(report.contains("| one-cpu | 7 | 6 (85.7 %) |"), report);
        assertTrue(report.contains("- dbus-broker sync 1000 B window 1 calls 1000 one-cpu: faster → slower than dbus-daemon"), report);
    }

    @Test
    public void aCellWithinAPercentInBothSessionsIsEquivalentWithinFivePercent() throws Exception {
        java.nio.file.Files.createDirectories(dir.resolve("a"));
        java.nio.file.Files.createDirectories(dir.resolve("b"));
        ResultsFolder a = ResultsFolderReader.read(SyntheticSession.write(dir.resolve("a"), 1, 10, SyntheticSession.standardCells()));
        ResultsFolder b = ResultsFolderReader.read(SyntheticSession.write(dir.resolve("b"), 2, 10, SyntheticSession.standardCells()));
        FolderComparison comparison = FolderComparison.of(cells(a), cells(b), 0.02, FolderComparison.DEFAULT_SHIFT_THRESHOLD, false,
                Equivalence.DEFAULT_MARGIN_PCT);
        assertEquals(4, comparison.changes().size());
        comparison.changes().forEach(c -> assertTrue(c.equivalence().equivalent(), c.equivalence().toString()));
        assertTrue(CompareReport.line(comparison.changes().get(0)).contains("no change, ") , CompareReport.line(comparison.changes().get(0)));
        assertTrue(CompareReport.line(comparison.changes().get(0)).contains("; equivalent within ±5% (90% CI "),
                CompareReport.line(comparison.changes().get(0)));
    }
}
