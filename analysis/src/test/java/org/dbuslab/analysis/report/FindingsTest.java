package org.dbuslab.analysis.report;

import org.dbuslab.analysis.Fixtures;
import org.dbuslab.analysis.SyntheticSession;
import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class FindingsTest {

    private static Analysis blockSession(Path dir, List<SyntheticSession.BlockCell> cells) {
        SyntheticSession.writeBlocks(dir, 3, 12, cells);
        return Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED);
    }

    @Test
    public void answerTheQuestionsInOrderEachWithItsCiAndASectionThatExists(@TempDir Path dir) {
        Analysis analysis = blockSession(dir, SyntheticSession.blockCells());
        List<Block.Item> findings = Findings.of(analysis);
        List<String> starts = findings.stream().map(f -> f.text().split(" ")[0]).toList();
        assertEquals(List.of("dbus-broker", "p2p-unix", "Pipelining", "The", "CPU", "Precision:"), starts, findings.toString());
        assertTrue(findings.get(0).text().startsWith("dbus-broker against dbus-daemon (paired over ≥ 12 blocks): faster in 1 of 1 cells, "
                + "factor (95% CI) sync 1000 B 1.05× ("), findings.get(0).text());
        assertTrue(findings.get(3).text().contains("× (95% CI "), findings.get(3).text());
        assertTrue(findings.get(4).text().contains("Java client 60.0 µs, bus 70.0 µs, Java server 20.0 µs"), findings.get(4).text());
        List<String> ids = ids(ReportDocument.of(analysis).sections());
        findings.forEach(f -> assertTrue(ids.contains(f.linkSection()), f.linkSection() + " not in " + ids));
    }

    /**
     * The matrix's runs against --run-ms (environment.json's run_ms): one-cpu's runs here last about 40 ms and cross's
     * about 77, so against 75 only one-cpu missed; against its own median neither did, and without run_ms nothing is
     * judged.
     */
    @Test
    public void precisionSaysWhichPlacementsRunsMissedRunMs(@TempDir Path dir) {
        SyntheticSession.writeBlocks(dir, 3, 12, SyntheticSession.placementCells());
        Analysis unjudged = Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED);
        assertFalse(precisionFinding(unjudged).contains("--run-ms"), precisionFinding(unjudged));

        Fixtures.write(dir, "environment.json", "{\"run_ms\": 75}");
        String missed = precisionFinding(Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED));
        assertTrue(missed.matches(".* The matrix's median run missed --run-ms 75 by over ±20 %: 0\\.[0-9]{2}× in one-cpu "
                + "\\(Precision, Run length\\)\\.$"), missed);

        long oneCpuMedian = Math.round(unjudged.runLengths().get(0).medianMs());
        Fixtures.write(dir, "environment.json", "{\"run_ms\": " + oneCpuMedian + "}");
        String oneCpuMet = precisionFinding(Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED));
        assertTrue(oneCpuMet.contains("missed --run-ms " + oneCpuMedian + " by over ±20 %: ") && oneCpuMet.contains("× in cross (")
                && !oneCpuMet.contains("in one-cpu ("), oneCpuMet);
    }

    @Test
    public void precisionSaysNothingOfRunsThatLastedAboutRunMs(@TempDir Path dir) {
        SyntheticSession.writeBlocks(dir, 3, 12, SyntheticSession.blockCells());
        double median = Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED).runLengths().get(0).medianMs();
        Fixtures.write(dir, "environment.json", "{\"run_ms\": " + Math.round(median * 1.1) + "}");
        String within = precisionFinding(Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED));
        assertFalse(within.contains("--run-ms"), within);
    }

    private static String precisionFinding(Analysis analysis) {
        return Findings.of(analysis).stream().map(Block.Item::text).filter(t -> t.startsWith("Precision:")).findFirst()
                .orElseThrow();
    }

    /** Two buses drawn from the same distribution: the finding must not pick a winner, and its narrow CI shows equivalence. */
    @Test
    public void saysEquivalentWhenTheDataShowNoDifference(@TempDir Path dir) {
        List<SyntheticSession.BlockCell> cells = new ArrayList<>(SyntheticSession.blockCells());
        cells.set(1, new SyntheticSession.BlockCell("dbus-broker", "sync", 1000, 1, CellKey.SUBJECT_PAIR, "matrix", "echo",
                160, 60, 50, 20));
        String bus = Findings.of(blockSession(dir, cells)).get(0).text();
        assertTrue(bus.startsWith("dbus-broker against dbus-daemon (paired over ≥ 12 blocks): equivalent within ±5% in 1 of 1 "
                + "cells, time ratio (95% CI) sync 1000 B 1.00 ("), bus);
        assertFalse(bus.contains("faster") || bus.contains("slower"), bus);
    }

    /**
     * Five paired blocks (the fewest that are paired) can never reach p < 0.05 with the signed-rank test, even when the bus is twice as slow in each:
     * the finding says so, and does not call a clear interval "no significant difference".
     */
    @Test
    public void saysTooFewRunsRatherThanNoDifferenceWhenTheTestCannotDecide(@TempDir Path dir) {
        List<SyntheticSession.BlockCell> cells = new ArrayList<>(SyntheticSession.blockCells());
        cells.set(1, new SyntheticSession.BlockCell("dbus-broker", "sync", 1000, 1, CellKey.SUBJECT_PAIR, "matrix", "echo",
                320, 60, 50, 20));
        SyntheticSession.writeBlocks(dir, 3, 5, cells);
        String bus = Findings.of(Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED)).get(0).text();
        assertTrue(bus.startsWith("dbus-broker against dbus-daemon (paired over ≥ 5 blocks): too few runs to tell in 1 of 1 "
                + "cells, time ratio sync 1000 B 2.00."), bus);
        assertFalse(bus.contains(ComparisonText.NO_DIFFERENCE), bus);
    }

    /** The runner's note that the budget put the matrix first ends the precision finding: the report says what it shortened. */
    @Test
    public void thePrecisionFindingSaysWhenTheMatrixCameFirst(@TempDir Path dir) throws java.io.IOException {
        SyntheticSession.writeBlocks(dir, 3, 12, SyntheticSession.blockCells());
        java.nio.file.Files.writeString(dir.resolve("notes.tsv"), "budget\tmatrix-first\tthe matrix came first: from measured block 36"
                + " on, the rotation groups ran in one block of 3\n", java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
        String precision = Findings.of(Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED)).stream()
                .map(Block.Item::text).filter(t -> t.startsWith("Precision:")).findFirst().orElseThrow();
        assertTrue(precision.endsWith(" The matrix came first: from measured block 36 on, the rotation groups ran in one block of 3."),
                precision);
    }

    @Test
    public void marksOnlyCellsThatMissedThePrecisionTarget(@TempDir Path dir) {
        Analysis analysis = blockSession(dir, SyntheticSession.blockCells());
        CellSummary daemon = analysis.cells().get(0);
        double halfWidth = daemon.usPerCallHalfWidthPct();
        assertTrue(PrecisionMark.missed(daemon, halfWidth - 0.1));
        assertFalse(PrecisionMark.missed(daemon, halfWidth + 0.1));
        assertEquals(PrecisionMark.DEFAULT_TARGET_PCT, PrecisionMark.target(analysis), 0);
        List<Warnings.Row> rows = Warnings.rows(analysis);
        assertTrue(rows.stream().allMatch(r -> r.what().equals("imprecise") == PrecisionMark.missed(
                analysis.tableCells().stream().filter(c -> c.key().label().equals(r.cell())).findFirst().orElseThrow(),
                PrecisionMark.target(analysis))), rows.toString());
        assertTrue(Warnings.summary(rows).matches("\\d+ warnings?: .*\\."), Warnings.summary(rows));
    }

    /** Five runs' median interval covers less than 95 % however narrow it is: the cell is marked and its warning says why. */
    @Test
    public void aCellOfFewerThanSixRunsMissesTheTargetHoweverNarrowItsInterval(@TempDir Path dir) {
        SyntheticSession.writeBlocks(dir, 3, 5, SyntheticSession.blockCells());
        Analysis analysis = Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED);
        CellSummary daemon = analysis.cells().get(0);
        assertEquals(5, daemon.runs());
        assertEquals(6, PrecisionMark.LEAST_RUNS);
        assertTrue(PrecisionMark.missed(daemon, daemon.usPerCallHalfWidthPct() + 10), daemon.toString());
        assertTrue(Warnings.rows(analysis).stream().anyMatch(r -> r.cell().equals(daemon.key().label())
                && r.figure().contains(" from 5 block(s): a median's 95% CI needs 6 (target ±")),
                Warnings.rows(analysis).toString());
    }

    private static List<String> ids(List<Section> sections) {
        return sections.stream().flatMap(s -> Stream.concat(Stream.of(s.id()), ids(s.subsections()).stream())).toList();
    }
}
