package org.dbuslab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummarizer;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.RunBlocks;
import org.dbuslab.analysis.output.ReportHtml;
import org.dbuslab.analysis.output.ReportMarkdown;
import org.dbuslab.analysis.output.ReportMarkdownTest;
import org.dbuslab.analysis.output.SummaryJson;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.CpuNs;
import org.dbuslab.analysis.read.ResultsFolder;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.analysis.report.WhereTimeGoes;
import org.dbuslab.format.Phase;
import org.dbuslab.format.PrecisionTsv;
import org.dbuslab.stats.BlockBootstrap;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Direction;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.SampleComparison;
import org.dbuslab.stats.SignificanceTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A session runner's folder: blocks, one run per cell and block, CPU columns; with and without precision.tsv. */
public class BlockSessionTest {

    private static final int BLOCKS = 8;

    @TempDir
    public Path dir;

    private Analysis analysis() {
        SyntheticSession.writeBlocks(dir, 3, BLOCKS, SyntheticSession.blockCells());
        return Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED);
    }

    private JsonNode summary() throws Exception {
        return new ObjectMapper().readTree(new SummaryJson().render(analysis()));
    }

    private static CellSummary cell(Analysis analysis, String transport, String pair, String series, int window) {
        return analysis.allCells().stream().filter(c -> c.key().transport().equals(transport) && c.key().pair().equals(pair)
                && c.key().series().equals(series) && c.key().window() == window).findFirst().orElseThrow();
    }

    @Test
    public void everyCellHasCpuPerCallWithBusZeroWithoutABus() throws Exception {
        JsonNode root = summary();
        int cells = 0;
        for (String list : List.of("cells", "reference_cells", "sweep_cells")) {
            for (JsonNode cell : root.get(list)) {
                JsonNode cpu = cell.get("cpu_us_per_call");
                assertTrue(cpu.has("client") && cpu.has("bus") && cpu.has("server"), cell.toString());
                assertEquals(BLOCKS, cpu.get("runs").asInt(), cell.toString()); // warm-up block left out
                String transport = cell.get("transport").asText();
                if (transport.startsWith("p2p-") || transport.startsWith("raw-")) {
                    assertEquals(0.0, cpu.get("bus").asDouble(), cell.toString());
                }
                cells++;
            }
        }
        assertEquals(SyntheticSession.blockCells().size(), cells); // the warm-up block's other calls make no cells of their own
        assertEquals(1, root.get("cells").get(0).get("warmup_runs").asInt());
        JsonNode daemon = root.get("cells").get(0);
        assertEquals("dbus-daemon", daemon.get("transport").asText());
        assertEquals(60.0, daemon.get("cpu_us_per_call").get("client").asDouble(), 1e-9);
        assertEquals(70.0, daemon.get("cpu_us_per_call").get("bus").asDouble(), 1e-9);
        assertEquals(20.0, daemon.get("cpu_us_per_call").get("server").asDouble(), 1e-9);
        assertEquals(BLOCKS, daemon.get("blocks").asInt());
        assertTrue(daemon.get("us_per_call_median_ci95_halfwidth_pct").asDouble() > 0);
        assertTrue(daemon.get("precision").isNull());
    }

    @Test
    public void olderFoldersHaveCpuKeysWithNullValues() throws Exception {
        JsonNode cpu = SummaryJsonTest.summaryOfFixture().get("cells").get(0).get("cpu_us_per_call");
        assertTrue(cpu.get("client").isNull() && cpu.get("bus").isNull() && cpu.get("server").isNull());
        assertEquals(0, cpu.get("runs").asInt());
    }

    @Test
    public void comparisonsInTheSameBlocksArePairedAndCancelTheDrift() throws Exception {
        Analysis analysis = analysis();
        assertFalse(analysis.comparisons().isEmpty());
        analysis.comparisons().forEach(c -> assertTrue(c.result().paired(), c.cell().key().label()));
        analysis.health().floor().forEach(r -> assertTrue(r.result().paired()));
        analysis.health().overhead().forEach(r -> assertTrue(r.client().result().paired() && r.server().result().paired()));
        analysis.sweepSteps().forEach(s -> assertTrue(s.result().paired()));
        assertEquals(2, analysis.sweepSteps().size());

        CellSummary broker = cell(analysis, "dbus-broker", CellKey.SUBJECT_PAIR, "matrix", 1);
        CellSummary daemon = cell(analysis, "dbus-daemon", CellKey.SUBJECT_PAIR, "matrix", 1);
        SampleComparison paired = RunBlocks.compare(broker, daemon, Bootstrap.standard(), 0.05);
        SampleComparison unpaired = SampleComparison.of(broker.runUsPerCall(), daemon.runUsPerCall(), Bootstrap.standard(), 0.05);
        assertEquals(BLOCKS, paired.pairedBlocks());
        // A 5 % difference under ±25 % drift: only the paired comparison sees it.
        assertTrue(paired.ratioInterval().high() < 1, paired.toString());
        assertEquals(Direction.LOWER, paired.direction());
        assertEquals(Direction.NOT_SIGNIFICANT, unpaired.direction());
        JsonNode comparison = new ObjectMapper().readTree(new SummaryJson().render(analysis)).get("cells").get(1)
                .get("comparisons").get(0);
        assertTrue(comparison.get("paired").asBoolean());
        assertEquals("wilcoxon-signed-rank", comparison.get("test").asText());
        assertTrue(comparison.get("mann_whitney_p").isNull());
        assertEquals("faster", comparison.get("verdict").asText());
    }

    @Test
    public void reportShowsWhereTheTimeGoesAndWhichComparisonsArePaired() {
        Analysis analysis = analysis();
        String md = new ReportMarkdown().render(analysis);
        // wall 160 × drift median; CPU 60 + 70 + 20 = 150 (CPU columns are not drift-scaled)
        String wall = Numbers.microseconds(cell(analysis, "dbus-daemon", CellKey.SUBJECT_PAIR, "matrix", 1).usPerCallMedian());
        assertTrue(md.contains("| dbus-daemon | dbus-java>dbus-java | sync | 1000 B | 1 | " + wall + " | 60.0 | 70.0 | 20.0 | 150.0 | "),
                md);
        assertTrue(md.contains("| p2p-unix | dbus-java>dbus-java | sync | 1000 B | 1 | "), md);
        assertTrue(md.contains("| dbus-daemon | libdbus>libdbus ‡ | sync | 1000 B | 1 | "), md);
        assertTrue(md.contains(WhereTimeGoes.spamNote()), md);
        assertTrue(md.contains("- transport verdicts: all 2 paired by block\n"), md);
        assertTrue(md.contains("- sweep steps: all 2 paired by block\n"), md);
        assertTrue(md.contains(", paired over " + BLOCKS + " blocks"), md);
        assertTrue(md.contains("| dbus-daemon | async | 1000 B | 2 | 1 | "), md);
        assertTrue(md.matches("(?s).*\\| raw-unix \\| [0-9.]+ \\| [0-9.]+× \\([0-9.]+–[0-9.]+\\), paired \\|.*"), md); // floor
        assertTrue(md.matches("(?s).*× \\([0-9.]+–[0-9.]+\\) [✓✗][^|]*, paired \\|.*"), md); // overhead
        String html = new ReportHtml().render(analysis);
        assertTrue(html.contains("<h2>Where the time goes</h2>"), html);
        assertTrue(html.contains("Where the time goes, sync 1000 B window 1"), html);
        assertTrue(html.contains("not CPU (waiting, wake-ups)"), html); // the chart's legend
    }

    @Test
    public void withoutCpuColumnsTheSectionSaysSo() throws Exception {
        String md = ReportMarkdownTest.reportOfFixture();
        assertTrue(md.contains("## Where the time goes\n\n" + WhereTimeGoes.noCpu() + "\n"), md);
    }

    @Test
    public void precisionFromTheRunnerWhenItLeftPrecisionTsv() throws Exception {
        SyntheticSession.writeBlocks(dir, 3, BLOCKS, SyntheticSession.blockCells());
        PrecisionTsv.FORMAT.write(dir, List.of(
                new PrecisionTsv.Row("cell", "dbus-daemon", "sync", 1000, 1, CellKey.SUBJECT_PAIR, "matrix", "", "", BLOCKS,
                        2.5, 3, true, 6, ""),
                new PrecisionTsv.Row("cell", "dbus-broker", "sync", 1000, 1, CellKey.SUBJECT_PAIR, "matrix", "", "", BLOCKS,
                        4.0, 3, false, 0, ""),
                new PrecisionTsv.Row("transport", "dbus-broker", "sync", 1000, 1, CellKey.SUBJECT_PAIR, "matrix", "dbus-daemon",
                        CellKey.SUBJECT_PAIR, BLOCKS, 1.5, 3, true, 5, "")));
        Analysis analysis = Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED);
        String md = new ReportMarkdown().render(analysis);
        assertTrue(md.contains("| target | met | met after (blocks) |"), md);
        assertTrue(md.matches("(?s).*\\| dbus-daemon \\| sync \\| 1000 B \\| 1 \\| free \\| 8 \\| 8 \\| [0-9.]+ \\| [0-9.]+ %( ⚠)? \\| 3\\.0 % \\| ✓ \\| 6 \\|.*"), md);
        assertTrue(md.matches("(?s).*\\| dbus-broker \\| sync \\| 1000 B \\| 1 \\| free \\| 8 \\| 8 \\| [0-9.]+ \\| [0-9.]+ %( ⚠)? \\| 3\\.0 % \\| ✗ \\| — \\|.*"), md);
        assertTrue(md.contains("| p2p-unix | sync | 1000 B | 1 | free | 8 | 8 |"), md);
        assertTrue(md.contains("not in precision.tsv"), md);
        assertTrue(md.contains("- transport: dbus-broker dbus-java>dbus-java ÷ dbus-daemon dbus-java>dbus-java, sync 1000 B window 1: "
                + "±1.5 % after 8 blocks (target 3.0 %) ✓ since block 5\n"), md);
        JsonNode precision = new ObjectMapper().readTree(new SummaryJson().render(analysis)).get("cells").get(0).get("precision");
        assertTrue(precision.get("met").asBoolean());
        assertEquals(6, precision.get("met_after_blocks").asInt());
        assertEquals(3.0, precision.get("target_pct").asDouble(), 1e-12);
    }

    @Test
    public void anUnreadablePrecisionTsvIsAWarningNotAnError() {
        SyntheticSession.writeBlocks(dir, 3, BLOCKS, SyntheticSession.blockCells());
        Fixtures.write(dir, "precision.tsv", "not\ta\tprecision file\n");
        ResultsFolder folder = ResultsFolderReader.read(dir);
        assertTrue(folder.precision().isEmpty());
        assertTrue(folder.warnings().stream().anyMatch(w -> w.startsWith("precision.tsv is not readable")), folder.warnings().toString());
    }

    /** runs.csv of two cells, 10 runs each, 2 per round; with a placement column (a session since issue 21) or not. */
    private List<RunRecord> twoRunsPerRound(boolean placementColumn) throws java.io.IOException {
        StringBuilder csv = new StringBuilder("transport,mode,payload_bytes,window,calls,run,elapsed_ns,lost,mismatched,errors,"
                + "phase,round" + (placementColumn ? ",placement" : "") + "\n");
        for (String transport : List.of("dbus-daemon", "dbus-broker")) {
            for (int i = 0; i < 10; i++) {
                long ns = (transport.equals("dbus-daemon") ? 100_000_000L : 80_000_000L) + i * 100_000L;
                csv.append(transport).append(",sync,1000,1,1000,").append(i + 1).append(',').append(ns).append(",0,0,0,measure,")
                        .append(i / 2 + 1).append(placementColumn ? ",one-cpu" : "").append('\n');
            }
        }
        java.nio.file.Path file = dir.resolve("runs.csv");
        java.nio.file.Files.writeString(file, csv);
        return org.dbuslab.analysis.read.RunsCsvReader.read(file, w -> { });
    }

    /** An older --full folder: 5 rounds of 2 runs of one client process each. Pairing those would lose the verdicts. */
    @Test
    public void roundsOfSeveralRunsOfAnOlderFolderStayUnpaired() throws Exception {
        List<CellSummary> cells = CellSummarizer.summarize(twoRunsPerRound(false));
        assertEquals(0, cells.get(0).blocks(), "the rounds are dropped on reading");
        SampleComparison c = RunBlocks.compare(cells.get(1), cells.get(0), Bootstrap.standard(), 0.05);
        assertFalse(c.paired());
        assertEquals(SignificanceTest.Kind.MANN_WHITNEY, c.test().kind());
        assertEquals(Direction.LOWER, c.direction());
        assertEquals(Bootstrap.standard().ofMedian(cells.get(0).runSeconds()), cells.get(0).elapsedMedianCi95());
    }

    /** A session's block may hold extra runs of a path's cell whose price is not yet within its target: they stay in their block. */
    @Test
    public void extraRunsOfACellInItsBlockArePairedByBlock() throws Exception {
        List<CellSummary> cells = CellSummarizer.summarize(twoRunsPerRound(true));
        assertEquals(5, cells.get(0).blocks());
        SampleComparison c = RunBlocks.compare(cells.get(1), cells.get(0), Bootstrap.standard(), 0.05);
        assertTrue(c.paired());
        assertEquals(5, c.pairedBlocks());
        assertEquals(SignificanceTest.Kind.WILCOXON_SIGNED_RANK, c.test().kind()); // of 5 blocks: p >= 1/16, never a verdict
        assertTrue(c.ratioOfMedians() < 1, c.toString());
        assertFalse(c.ratioInterval().isDefined(), "no 95 % interval from 5 blocks: " + c.ratioInterval());
    }

    @Test
    public void cellIntervalsComeFromTheBlockBootstrap() {
        Analysis analysis = analysis();
        CellSummary daemon = cell(analysis, "dbus-daemon", CellKey.SUBJECT_PAIR, "matrix", 1);
        List<double[]> blocks = new ArrayList<>();
        for (double value : sortedByBlock(daemon)) {
            blocks.add(new double[] {value});
        }
        Interval expected = BlockBootstrap.standard().ofMedian(blocks);
        assertEquals(expected.low(), daemon.usPerCallMedianCi95().low(), 1e-9); // via seconds: the last bit may differ
        assertEquals(expected.high(), daemon.usPerCallMedianCi95().high(), 1e-9);
    }

    private static double[] sortedByBlock(CellSummary cell) {
        Integer[] order = new Integer[cell.runUsPerCall().length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingInt(i -> cell.runBlocks()[i]));
        return Arrays.stream(order).mapToDouble(i -> cell.runUsPerCall()[i]).toArray();
    }
}
