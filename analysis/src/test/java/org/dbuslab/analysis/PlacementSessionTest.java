package org.dbuslab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellComparison;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.CrossingPrice;
import org.dbuslab.analysis.output.ReportMarkdown;
import org.dbuslab.analysis.report.ComparisonText;
import org.dbuslab.stats.Direction;
import org.dbuslab.analysis.output.SummaryJson;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 21: a session measures the matrix under two placements in the same blocks; a placement is part of a cell. */
public class PlacementSessionTest {

    static final int BLOCKS = 10;

    @TempDir
    public Path dir;

    static Analysis placementSession(Path dir) {
        SyntheticSession.writeBlocks(dir, 5, BLOCKS, SyntheticSession.placementCells());
        return Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED);
    }

    private static CellSummary cell(Analysis analysis, String transport, String mode, String placement) {
        return analysis.cells().stream().filter(c -> c.key().transport().equals(transport) && c.key().mode().equals(mode)
                && c.key().placement().equals(placement)).findFirst().orElseThrow();
    }

    @Test
    public void cellsOfTwoPlacementsAreNeverPooled() {
        Analysis analysis = placementSession(dir);
        assertEquals(10, analysis.cells().size());
        CellSummary one = cell(analysis, "dbus-daemon", "sync", "one-cpu");
        CellSummary cross = cell(analysis, "dbus-daemon", "sync", "cross");
        assertEquals(BLOCKS, one.runs());
        assertEquals(BLOCKS, cross.runs());
        assertTrue(cross.usPerCallMedian() > 2.5 * one.usPerCallMedian(), cross.usPerCallMedian() + " vs " + one.usPerCallMedian());
    }

    @Test
    public void comparisonsStayWithinAPlacement() {
        Analysis analysis = placementSession(dir);
        assertEquals(6, analysis.comparisons().size()); // dbus-broker sync and async, p2p-unix sync, in each placement
        for (CellComparison c : analysis.comparisons()) {
            assertEquals(c.cell().key().placement(), c.baseline().key().placement(), c.cell().key().label());
            assertTrue(c.result().paired(), c.cell().key().label());
        }
        analysis.pipelining().forEach(c -> assertEquals(c.cell().key().placement(), c.baseline().key().placement()));
        analysis.health().floor().forEach(row -> assertEquals(row.cell().key().placement(), row.floor().key().placement()));
    }

    @Test
    public void summaryJsonGivesEveryCellItsPlacement() throws Exception {
        JsonNode root = new ObjectMapper().readTree(new SummaryJson().render(placementSession(dir)));
        for (String list : List.of("cells", "reference_cells")) {
            for (JsonNode cell : root.get(list)) {
                assertTrue(List.of("one-cpu", "cross").contains(cell.get("placement").asText()), cell.toString());
            }
        }
        assertEquals("one-cpu", root.get("reference_cells").get(0).get("placement").asText());
    }

    @Test
    public void anOlderFolderTakesEnvironmentsPlacementSameCpuBeingOneCpu() {
        SyntheticSession.writeBlocks(dir, 3, 6, SyntheticSession.blockCells());
        Fixtures.write(dir, "environment.json", "{\"hostname\": \"old\", \"placement\": \"same-cpu\"}");
        Analysis analysis = Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED);
        analysis.allCells().forEach(c -> assertEquals("one-cpu", c.key().placement(), c.key().label()));
    }

    @Test
    public void anOlderFolderWithoutAPlacementIsFree() {
        SyntheticSession.writeBlocks(dir, 3, 6, SyntheticSession.blockCells());
        Analysis analysis = Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED);
        analysis.allCells().forEach(c -> assertEquals("free", c.key().placement(), c.key().label()));
    }

    private static CellComparison against(Analysis analysis, String transport, String mode, String placement) {
        return analysis.comparisons().stream().filter(c -> c.cell().key().transport().equals(transport)
                && c.cell().key().mode().equals(mode) && c.cell().key().placement().equals(placement)).findFirst().orElseThrow();
    }

    @Test
    public void aVerdictWhoseDirectionDiffersBetweenPlacementsDependsOnPlacement() {
        Analysis analysis = placementSession(dir);
        CellComparison one = against(analysis, "dbus-broker", "sync", "one-cpu");
        CellComparison cross = against(analysis, "dbus-broker", "sync", "cross");
        assertEquals(Direction.LOWER, one.result().direction());
        assertEquals(Direction.HIGHER, cross.result().direction());
        assertTrue(one.dependsOnPlacement(analysis.comparisons()));
        assertFalse(against(analysis, "p2p-unix", "sync", "cross").dependsOnPlacement(analysis.comparisons()));
        String line = ComparisonText.line(one, analysis);
        assertTrue(line.startsWith("dbus-broker, sync, 1000 B, one-cpu: depends on placement"), line);
        assertFalse(line.contains("faster"), line);
        String report = new ReportMarkdown().render(analysis);
        assertFalse(report.contains("dbus-broker, sync, 1000 B, one-cpu: 1."), report);
        assertTrue(report.contains("dbus-broker against dbus-daemon (paired over ≥ " + BLOCKS + " blocks): depends on placement in 4 of 4"),
                report);
    }

    @Test
    public void cellsWithinAFractionOfAPercentAreEquivalentWithinFivePercent() {
        Analysis analysis = placementSession(dir);
        // 40.2 against 40 µs: the per-block ratios cancel the fixture's common drift, so the paired comparison
        // resolves the 0.5 % itself, and the two are still equivalent within ±5 %
        CellComparison async = against(analysis, "dbus-broker", "async", "one-cpu");
        assertEquals(Direction.HIGHER, async.result().direction());
        assertEquals(1.005, async.result().ratioOfMedians(), 0.005);
        assertTrue(async.equivalent(), async.equivalence().toString());
        assertTrue(async.equivalence().ratioInterval().low() > 0.95 && async.equivalence().ratioInterval().high() < 1.05);
        assertTrue(ComparisonText.line(async, analysis).contains("; equivalent within ±5% (90% CI "), ComparisonText.line(async, analysis));
        assertTrue(async.resolved());
    }

    @Test
    public void thePriceOfCrossingIsPerWakeupForSyncAndUndividedForPipelined() throws Exception {
        Analysis analysis = placementSession(dir);
        assertEquals(5, analysis.crossing().size());
        CrossingPrice daemon = analysis.crossing().stream().filter(p -> p.key().transport().equals("dbus-daemon")
                && p.key().mode().equals("sync")).findFirst().orElseThrow();
        assertEquals(4, daemon.wakeups());
        assertTrue(daemon.result().paired());
        double drift = daemon.oneCpu().usPerCallMedian() / 60; // the blocks' common drift, shared by both placements
        assertEquals((190 - 60) * drift / 4, daemon.price(), 0.05 * daemon.price());
        assertTrue(daemon.priceInterval().low() < daemon.price() && daemon.price() < daemon.priceInterval().high());
        CrossingPrice p2p = analysis.crossing().stream().filter(p -> p.key().transport().equals("p2p-unix")).findFirst().orElseThrow();
        assertEquals(2, p2p.wakeups());
        assertEquals((77 - 21) * drift / 2, p2p.price(), 0.05 * p2p.price());
        CrossingPrice async = analysis.crossing().stream().filter(p -> p.key().transport().equals("dbus-daemon")
                && p.key().mode().equals("async")).findFirst().orElseThrow();
        assertFalse(async.perWakeup());
        assertTrue(async.price() < 0, "cross buys parallelism: " + async.price());

        JsonNode root = new ObjectMapper().readTree(new SummaryJson().render(analysis));
        JsonNode first = root.get("price_of_crossing").get(0);
        assertEquals("dbus-daemon", first.get("transport").asText());
        assertEquals(4, first.get("crossing_wakeups_per_call").asInt());
        assertEquals(daemon.price(), first.get("us_per_crossing_wakeup").asDouble(), 1e-9);
        String report = new ReportMarkdown().render(analysis);
        assertTrue(report.contains("### The price of crossing CPUs"), report);
        assertTrue(report.contains("### Placements"), report);
        assertTrue(report.contains("- Reference rows (libdbus pairs, raw-socket floor): one-cpu, for "), report);
        assertTrue(report.contains("| mode | payload | window | dbus-daemon (baseline) one-cpu | dbus-daemon (baseline) cross |"), report);
    }

    @Test
    public void summaryJsonCountsTheResolvedHeadlineComparisonsPerPlacement() throws Exception {
        JsonNode root = new ObjectMapper().readTree(new SummaryJson().render(placementSession(dir)));
        JsonNode resolved = root.get("headline_resolved");
        assertEquals(2, resolved.size());
        assertEquals("one-cpu", resolved.get(0).get("placement").asText());
        assertEquals("cross", resolved.get(1).get("placement").asText());
        for (JsonNode r : resolved) {
            assertEquals(3, r.get("comparisons").asInt(), r.toString());
            assertEquals(3, r.get("resolved").asInt(), r.toString()); // 1% noise, 10 paired blocks
        }
        assertEquals(1, resolved.get(0).get("equivalent").asInt());
    }

    @Test
    public void eachPlacementHasItsOwnPerCallChart() {
        List<String> titles = org.dbuslab.analysis.charts.Charts.perCall(placementSession(dir)).stream()
                .map(org.dbuslab.analysis.doc.Figure::title).toList();
        assertEquals(List.of("µs per call, sync, one-cpu", "µs per call, sync, cross", "µs per call, async, one-cpu",
                "µs per call, async, cross"), titles);
    }

    @Test
    public void thePrecisionFindingGivesEachPlacementItsOwnLine() {
        Analysis analysis = placementSession(dir);
        String precision = org.dbuslab.analysis.report.Findings.of(analysis).stream().map(f -> f.text())
                .filter(t -> t.startsWith("Precision: ")).findFirst().orElseThrow();
        assertTrue(precision.contains(" Per placement: one-cpu median ±"), precision);
        assertTrue(precision.contains("headline comparisons resolved (ratio CI within ±3 % or equivalent) 3 of 3; cross median ±"),
                precision);
    }
}
