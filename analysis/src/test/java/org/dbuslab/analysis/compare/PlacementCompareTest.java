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

    /** Folder "a" of RUNS_A runs of the standard cells against folder "b" of RUNS_B runs at B_US; each cell's own ratio. */
    private FolderComparison runsAgainstRuns(int runsA, int runsB, java.util.Map<String, Double> bUs, boolean absolute)
            throws java.io.IOException {
        java.nio.file.Files.createDirectories(dir.resolve("a"));
        java.nio.file.Files.createDirectories(dir.resolve("b"));
        ResultsFolder a = ResultsFolderReader.read(SyntheticSession.write(dir.resolve("a"), 1, runsA, SyntheticSession.standardCells()));
        ResultsFolder b = ResultsFolderReader.read(SyntheticSession.write(dir.resolve("b"), 2, runsB, bUs));
        return FolderComparison.of(cells(a), cells(b), 0.02, FolderComparison.DEFAULT_SHIFT_THRESHOLD, absolute,
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
        FolderComparison comparison = runsAgainstRuns(10, 10, SyntheticSession.standardCells(), false);
        assertEquals(4, comparison.changes().size());
        comparison.changes().forEach(c -> assertTrue(c.equivalence().equivalent(), c.equivalence().toString()));
        assertTrue(CompareReport.line(comparison.changes().get(0)).contains("no change, ") , CompareReport.line(comparison.changes().get(0)));
        assertTrue(CompareReport.line(comparison.changes().get(0)).contains("; equivalent within ±5% (90% CI "),
                CompareReport.line(comparison.changes().get(0)));
    }

    @Test
    public void threeRunsAgainstThreeAreTooFewToTellEvenWhenEveryCellDoubled() throws Exception {
        java.util.Map<String, Double> doubled = new java.util.LinkedHashMap<>();
        SyntheticSession.standardCells().forEach((cell, us) -> doubled.put(cell, 2 * us));
        FolderComparison comparison = runsAgainstRuns(3, 3, doubled, true);
        assertEquals(4, comparison.with(Change.TOO_FEW_RUNS).size());
        String report = CompareReport.render(ResultsFolderReader.read(dir.resolve("a")), ResultsFolderReader.read(dir.resolve("b")),
                comparison, Instant.EPOCH);
        assertTrue(report.contains("**0 regressed, 0 improved, 0 no change, 4 too few runs to tell** (of 4 cells"), report);
        assertTrue(report.contains("## Too few runs to tell"), report);
    }

    /** 3 runs against 4: TOST at 2 alpha can hold though the test at alpha never could; equivalent is then the verdict. */
    @Test
    public void anEquivalentCellIsNoChangeEvenWhereTheTestCouldNotReachAlpha() throws Exception {
        FolderComparison comparison = runsAgainstRuns(3, 4, SyntheticSession.standardCells(), true);
        assertTrue(comparison.changes().stream().anyMatch(c -> c.equivalence().equivalent() && c.result().tooFewRunsToTell()),
                "the case this test is about");
        comparison.changes().forEach(c -> assertTrue(!c.equivalence().equivalent() || c.change() == Change.NO_CHANGE, c.toString()));
    }

    /** The reproducibility share names its denominator once cells have too few runs to tell. */
    @Test
    public void theNoChangeShareIsGivenOfEveryCellAndOfThoseThatCanTell() {
        assertEquals("6 (85.7 %)", CompareReport.noChange(6, 0, 7));
        assertEquals("103 (45.2 %; 97.2 % of the 106 that can tell)", CompareReport.noChange(103, 122, 228));
        assertEquals("0 (0.0 %; none can tell)", CompareReport.noChange(0, 4, 4));
    }
}
