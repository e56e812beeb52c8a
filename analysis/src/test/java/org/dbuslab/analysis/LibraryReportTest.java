package org.dbuslab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.ClientLibraries;
import org.dbuslab.analysis.model.Lkml2015;
import org.dbuslab.analysis.model.LkmlExperiment;
import org.dbuslab.analysis.output.ReportMarkdown;
import org.dbuslab.analysis.output.SummaryCsv;
import org.dbuslab.analysis.output.SummaryJson;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.dbuslab.analysis.report.ClientLibrariesSection;
import org.dbuslab.analysis.report.Findings;
import org.dbuslab.analysis.report.LkmlSection;
import org.dbuslab.stats.Quantiles;
import org.dbuslab.stats.SampleComparison;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The client-library matrix and the 2015 experiment (issue 14) in summary.json, summary.csv and report.md. */
public class LibraryReportTest {

    private static Analysis analysis;
    private static JsonNode summary;
    private static String md;

    @BeforeAll
    public static void render() throws Exception {
        analysis = Analysis.of(ResultsFolderReader.read(Fixtures.libraries()), SummaryJsonTest.GENERATED);
        summary = new ObjectMapper().readTree(new SummaryJson().render(analysis));
        md = new ReportMarkdown().render(analysis);
    }

    @Test
    public void readsWithoutWarningsTheRunnerMarksLibraryPairsAsReferenceRows() {
        assertEquals(List.of(), analysis.folder().warnings());
    }

    @Test
    public void libraryAndLkmlCellsHaveEveryFieldOfAMatrixCellAndTheLibrariesOfTheirPair() {
        Set<String> matrixFields = fields(summary.get("cells").get(0));
        JsonNode libraries = summary.get("library_cells");
        assertEquals(8, libraries.size());
        Set<String> pairs = new TreeSet<>();
        for (JsonNode cell : libraries) {
            Set<String> expected = new HashSet<>(matrixFields);
            expected.addAll(List.of("client_library", "server_library"));
            assertEquals(expected, fields(cell), cell.get("pair").asText());
            assertEquals("libraries", cell.get("series").asText());
            String[] split = cell.get("pair").asText().split(">");
            assertEquals(split[0], cell.get("client_library").asText());
            assertEquals(split[1], cell.get("server_library").asText());
            assertTrue(cell.get("cpu_us_per_call").get("client").isNumber(), cell.toString());
            pairs.add(cell.get("pair").asText());
        }
        assertEquals(Set.of("dbus-java-stock>dbus-java-stock", "glib>dbus-java", "glib>glib", "libdbus>glib", "sd-bus>glib",
                "sd-bus>sd-bus"), pairs);
        JsonNode glibJava = find(libraries, "glib>dbus-java", "sync");
        assertEquals(1, glibJava.get("lost").asInt());
        assertEquals(50.0, find(libraries, "sd-bus>sd-bus", "sync").get("cpu_us_per_call").get("bus").asDouble(), 1e-9);

        JsonNode lkml = summary.get("lkml_cells");
        assertEquals(12, lkml.size());
        for (JsonNode cell : lkml) {
            assertEquals("glib", cell.get("client_library").asText());
            assertEquals("glib", cell.get("server_library").asText());
            assertEquals(4, cell.get("runs").asInt());
            boolean sync = cell.get("mode").asText().equals("sync");
            assertEquals(sync ? 20000 : 128, cell.get("calls_per_run").asInt());
            assertEquals(sync ? 1 : 128, cell.get("window").asInt());
        }
        // The library cells are not reference cells of Lab health, nor subject cells.
        assertEquals(4, summary.get("reference_cells").size());
        assertEquals(2, summary.get("cells").size());
    }

    @Test
    public void summaryCsvHasTheirRowsInTheSameColumns() {
        String[] lines = new SummaryCsv().render(analysis).split("\n");
        int width = lines[0].split(",", -1).length;
        long libraries = Arrays.stream(lines).filter(l -> l.contains(",libraries,")).count();
        long lkml = Arrays.stream(lines).filter(l -> l.contains(",lkml,")).count();
        assertEquals(8, libraries);
        assertEquals(12, lkml);
        for (String line : lines) {
            assertEquals(width, line.split(",", -1).length, line);
        }
    }

    /** Library cells ran in one group's blocks only: the ratios draw on the blocks both cells ran in, and say how many. */
    @Test
    public void ratiosArePairedOverTheBlocksBothCellsRanIn() {
        ClientLibraries.Place sync = place("dbus-daemon", "sync");
        ClientLibraries.Row glib = row(sync, "glib>glib");
        ClientLibraries.Row java = row(sync, CellKey.SUBJECT_PAIR);
        assertEquals(24, java.cell().runs(), "the matrix runs in every block");
        assertEquals(6, glib.cell().runs(), "a library cell runs in its group's blocks");
        for (ClientLibraries.Row row : List.of(glib, java)) {
            SampleComparison r = row.vsLibdbus();
            assertTrue(r.paired(), row.key().pair());
            assertEquals(6, r.pairedBlocks(), row.key().pair());
            assertEquals(6, row.libdbusBlocks());
            assertEquals(expectedRatio(row.cell(), sync.libdbus()), r.ratioOfMedians(), 1e-12, row.key().pair());
        }
        // 170 / 150 µs per call with 2 % noise and a common drift that pairing cancels.
        assertEquals(170.0 / 150, glib.vsLibdbus().ratioOfMedians(), 0.02);
        assertTrue(glib.vsLibdbus().ratioInterval().low() > 1.08 && glib.vsLibdbus().ratioInterval().high() < 1.18,
                glib.vsLibdbus().ratioInterval().toString());
        assertTrue(glib.vsFloor().paired());
        assertEquals(170.0 / 30, glib.vsFloor().ratioOfMedians(), 0.15);

        // sd-bus>sd-bus ran in 3 blocks: too few to pair, so unpaired, and the table says how many blocks it shared.
        ClientLibraries.Row sdbus = row(place("dbus-broker", "sync"), "sd-bus>sd-bus");
        assertNull(sdbus.vsLibdbus());
        assertFalse(sdbus.vsFloor().paired());
        assertEquals(3, sdbus.floorBlocks());
        assertTrue(md.contains("| sd-bus>sd-bus | libraries | 3 |"), md);
        assertTrue(md.contains("unpaired (3 common blocks)"), md);
        assertTrue(md.contains("- client libraries × libdbus: all 9 paired by block\n"
                + "- client libraries × raw floor: 11 of 12 paired by block, the rest unpaired\n"), "Precision says which: " + md);
    }

    @Test
    public void oneSentencePerPairSaysWhatItsLibraryCosts() {
        ClientLibraries.Place sync = place("dbus-daemon", "sync");
        String stock = ClientLibrariesSection.sentence(row(sync, "dbus-java-stock>dbus-java-stock"));
        assertTrue(stock.matches("dbus-java-stock>dbus-java-stock costs 5\\.\\d\\d× libdbus \\(95% CI 5\\.\\d\\d–5\\.\\d\\d, paired over 6 "
                + "blocks\\) and 2\\d\\.\\d\\d× the raw-unix floor: of its 8\\d\\d\\.\\d µs/call, 810\\.0 µs is client CPU \\(bus 30\\.0 µs, "
                + "server 15\\.0 µs\\)\\."), stock);
        assertTrue(ClientLibrariesSection.sentence(row(sync, "libdbus>glib"))
                .startsWith("libdbus>glib (empty reply) shows no significant difference from libdbus"));
        assertTrue(ClientLibrariesSection.sentence(row(sync, "glib>dbus-java"))
                .endsWith("It lost 1, mismatched 0 and errored on 0 call(s), warm-ups included."));
        assertTrue(ClientLibrariesSection.sentence(row(sync, CellKey.LIBDBUS_PAIR)).startsWith("libdbus>libdbus (empty reply) is the baseline"));
        assertTrue(ClientLibrariesSection.sentence(row(place("dbus-broker", "sync"), "sd-bus>sd-bus"))
                .startsWith("sd-bus>sd-bus has no libdbus>libdbus to compare with"));
        for (ClientLibraries.Row row : sync.rows()) {
            assertTrue(md.contains("- " + ClientLibrariesSection.sentence(row) + "\n"), row.key().pair());
        }
        assertTrue(md.contains("- dbus-daemon dbus-java-stock-5.1.1>dbus-java: not run — stock/target/dbus-lab-stock-5.1.1.jar"), md);
        assertTrue(md.contains("| glib>dbus-java | libraries | 6 |") && md.contains("| 1 / 0 / 0 |"), "lost calls are shown");
        assertTrue(md.contains("*Chart in report.html: Client libraries, dbus-daemon sync 1000 B window 1.*"), md);
    }

    @Test
    public void findingNamesEachLibraryAgainstItselfWithItsInterval() {
        String finding = Findings.of(analysis).stream().map(i -> i.text()).filter(t -> t.startsWith("Client libraries")).findFirst()
                .orElseThrow();
        assertTrue(finding.startsWith("Client libraries, each against itself, on dbus-daemon sync 1000 B, × libdbus>libdbus "
                + "(paired over ≥ 6 blocks): dbus-java>dbus-java (the lab's path: dbus-java connects, the lab marshals the "
                + "echo itself) 1.0"), finding);
        assertTrue(finding.contains("dbus-java-stock>dbus-java-stock 5.") && finding.contains("glib>glib 1.1"), finding);
        assertTrue(finding.contains("the costliest, dbus-java-stock>dbus-java-stock, spends 810.0 µs of its"), finding);
        assertTrue(md.indexOf("## Client libraries") > md.indexOf("## Where the time goes")
                && md.indexOf("## The 2015 experiment") < md.indexOf("## Precision"), md);
    }

    @Test
    public void the2015TableShowsTheLabsSecondsPerRunBesideTheSeedsAsyncFigures() {
        assertTrue(md.contains("| async | 1000 B | 128 | 0.00"), md);
        assertTrue(md.contains("0.026485–0.032812 s, median 0.029959 s | 0.017045–0.018639 s, median 0.017745 s | 0 / 0 / 0 |"), md);
        assertTrue(md.contains("0.033604–0.040914 s, median 0.035694 s | 0.019898–0.022187 s, median 0.020437 s | 0 / 0 / 0 |"), md);
        assertTrue(md.contains("| sync | 1000 B | 20000 | 2."), md);
        assertTrue(md.contains("\"For asynchronous version of client I had to decrease number of calls to 128 (for synchronous "
                + "version it was x20000 calls)"), "the seed's mode, quoted: " + md);
        assertTrue(md.contains("| — | — | 0 / 0 / 0 |"), "the seed has no sync figures: " + md);
        assertEquals(0.029959 / 0.0177455, Lkml2015.busRatio(1000), 1e-9);
        assertEquals(0.035694 / 0.020437, Lkml2015.busRatio(10000), 1e-9);
        assertTrue(md.contains("| dbus-daemon ÷ p2p-unix (2015: dbus-daemon ÷ kdbus) | async | 1000 B | 2."), md);
        assertTrue(md.contains("| 1.69× |") && md.contains("| 1.19× (dbus-daemon) |") && md.contains("| 1.15× (kdbus) |"), md);
        LkmlExperiment lkml = analysis.lkml();
        // 40 / 15 µs per call on dbus-daemon and p2p-unix at 1000 B: the lab's ratio lies above the seed's 1.69.
        assertEquals(40.0 / 15, lkml.bus("async", 1000, "dbus-daemon").orElseThrow().result().ratioOfMedians(), 0.2);
        assertTrue(md.contains("**Verdict (async, 128 calls per run): at 1000 B dbus-daemon takes 2."), md);
        assertTrue(md.contains("against 1.69× kdbus in 2015 (larger than then)"), md);
        JsonNode json = summary.get("lkml");
        assertEquals(1.6883, json.get("seed_ratios").get("dbus_daemon_over_kdbus_1000").asDouble(), 1e-4);
        assertEquals(6, json.get("size_ratios").size());
        assertEquals(8, json.get("bus_ratios").size());
        assertFalse(md.contains("## The 2015 experiment\n\n- dbus-daemon dbus-java-stock"), "a stock skip is not about GLib");
        String finding = Findings.of(analysis).stream().map(i -> i.text()).filter(t -> t.startsWith("The 2015 experiment today"))
                .findFirst().orElseThrow();
        assertTrue(finding.matches("The 2015 experiment today \\(GLib, async, 128 calls per run\\): dbus-daemon ÷ p2p-unix 2\\.\\d\\d× "
                + "\\(95% CI \\d\\.\\d\\d–\\d\\.\\d\\d\\) at 1000 B, 2015: 1\\.69×; 2\\.\\d\\d× \\(95% CI \\d\\.\\d\\d–\\d\\.\\d\\d\\) at 10000 B, "
                + "2015: 1\\.75× \\(dbus-daemon ÷ kdbus, their hardware\\)\\."), finding);
    }

    /** An older folder (no library or lkml series) renders as before: no such section, empty lists. */
    @Test
    public void olderFoldersHaveNeitherSection() throws Exception {
        Analysis old = Analysis.of(ResultsFolderReader.read(Fixtures.session()), SummaryJsonTest.GENERATED);
        String oldMd = new ReportMarkdown().render(old);
        assertFalse(oldMd.contains(ClientLibrariesSection.TITLE), oldMd);
        assertFalse(oldMd.contains(LkmlSection.TITLE), oldMd);
        JsonNode json = new ObjectMapper().readTree(new SummaryJson().render(old));
        assertEquals(0, json.get("library_cells").size());
        assertEquals(0, json.get("lkml_cells").size());
        assertEquals(0, json.get("client_libraries").size());
        assertTrue(json.get("lkml").isNull());
    }

    /** A session whose C libraries were skipped says so in one line instead of showing nothing. */
    @Test
    public void aSessionThatSkippedTheLibrariesSaysSo(@TempDir Path dir) {
        Path session = Fixtures.copyOfSession(dir.resolve("session"));
        Fixtures.write(session, "skipped.tsv", "dbus-daemon glib>dbus-java\tpeers: gcc not found (apt-get install gcc libglib2.0-dev)\n");
        String text = new ReportMarkdown().render(Analysis.of(ResultsFolderReader.read(session), SummaryJsonTest.GENERATED));
        assertTrue(text.contains("## Client libraries\n\nThis session measured no client-library pairs (series libraries).\n\n"
                + "- dbus-daemon glib>dbus-java: not run — peers: gcc not found (apt-get install gcc libglib2.0-dev)\n"), text);
        assertTrue(text.contains("## The 2015 experiment\n\nThis session did not run the 2015 experiment (series lkml).\n\n"
                + "- dbus-daemon glib>dbus-java: not run"), text);
        assertFalse(text.contains("glib>dbus-java on dbus-daemon: not run"), "a library skip is not a Lab health pair: " + text);
    }

    /** Without CPU columns a sentence says so and no empty chart is drawn; the ratios are unchanged. */
    @Test
    public void withoutCpuTimesTheSentencesSaySoAndThereIsNoChart(@TempDir Path dir) throws Exception {
        Path session = Fixtures.copy(Fixtures.libraries(), dir.resolve("session"));
        List<String> lines = java.nio.file.Files.readAllLines(session.resolve("runs.csv"));
        StringBuilder csv = new StringBuilder(lines.get(0)).append('\n');
        lines.subList(1, lines.size()).forEach(l -> csv.append(l.replaceAll("(,[^,]*){3}$", ",,,")).append('\n'));
        Fixtures.write(session, "runs.csv", csv.toString());
        Analysis bare = Analysis.of(ResultsFolderReader.read(session), SummaryJsonTest.GENERATED);
        String text = new ReportMarkdown().render(bare);
        assertTrue(text.contains("- glib>glib costs 1.1"), text);
        assertTrue(text.contains("the raw-unix floor: 17"), text);
        assertTrue(text.contains(" µs/call, CPU not recorded."), text);
        assertFalse(text.contains("Chart in report.html: Client libraries"), text);
        assertTrue(text.contains("| no libdbus>libdbus here |"), text);
    }

    /** The paired ratio: the median over the blocks both cells ran in of each block's ratio of medians. */
    private static double expectedRatio(CellSummary cell, CellSummary baseline) {
        List<double[]> a = new ArrayList<>();
        List<double[]> b = new ArrayList<>();
        for (int i = 0; i < cell.runBlocks().length; i++) {
            for (int j = 0; j < baseline.runBlocks().length; j++) {
                if (cell.runBlocks()[i] == baseline.runBlocks()[j]) {
                    a.add(new double[] {cell.runUsPerCall()[i]});
                    b.add(new double[] {baseline.runUsPerCall()[j]});
                }
            }
        }
        return org.dbuslab.stats.BlockRatios.of(a, b).medianRatio();
    }

    private static ClientLibraries.Place place(String transport, String mode) {
        return analysis.libraries().places().stream().filter(p -> p.transport().equals(transport) && p.mode().equals(mode))
                .findFirst().orElseThrow();
    }

    private static ClientLibraries.Row row(ClientLibraries.Place place, String pair) {
        return place.rows().stream().filter(r -> r.key().pair().equals(pair)).findFirst().orElseThrow();
    }

    private static JsonNode find(JsonNode cells, String pair, String mode) {
        for (JsonNode cell : cells) {
            if (cell.get("pair").asText().equals(pair) && cell.get("mode").asText().equals(mode)) {
                return cell;
            }
        }
        throw new AssertionError("no " + pair + " " + mode);
    }

    private static Set<String> fields(JsonNode node) {
        Set<String> names = new TreeSet<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        assertNotNull(node);
        return names;
    }
}
