package org.dbuslab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.output.ReportHtml;
import org.dbuslab.analysis.output.ReportMarkdown;
import org.dbuslab.analysis.output.SummaryJson;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.ResultsFolder;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * host-speed.tsv: the measured runs of a half of a block the host slowed at both ends are left out of every figure,
 * as redone runs are, and Lab health and summary.json say which and how many.
 */
public class HostSpeedSessionTest {

    /** The placement session's measured blocks are rounds 2..11 (round 1 is its warm-up block). */
    private static final int BLOCKS = PlacementSessionTest.BLOCKS;
    private static final int SLOWED_BLOCK = 5;
    private static final long QUIET_NS = 2_000_000;

    @TempDir
    public Path dir;

    /**
     * The probe's file for the placement session: each measured block a one-cpu half, then a cross half, read at its
     * start, between its halves and at its end on CPUs 0 and 1, every reading {@link #QUIET_NS} but those in SLOW
     * (probe → factor, on CPU 1). One-cpu uses CPU 0 only.
     */
    static String hostSpeedTsv(Map<Integer, Double> slow) {
        StringBuilder tsv = new StringBuilder("probe\tround\tplacement\tedge\tcpu\tin_use\twork_ns\n");
        int probe = 0;
        for (int round = 2; round <= BLOCKS + 1; round++) {
            int start = ++probe;
            int between = ++probe;
            int end = ++probe;
            for (int cpu = 0; cpu <= 1; cpu++) {
                tsv.append(row(start, round, "one-cpu", "start", cpu, cpu == 0, slow));
                tsv.append(row(between, round, "one-cpu", "end", cpu, cpu == 0, slow));
                tsv.append(row(between, round, "cross", "start", cpu, true, slow));
                tsv.append(row(end, round, "cross", "end", cpu, true, slow));
            }
        }
        return tsv.toString();
    }

    private static String row(int probe, int round, String placement, String edge, int cpu, boolean inUse,
                              Map<Integer, Double> slow) {
        long ns = cpu == 1 ? Math.round(QUIET_NS * slow.getOrDefault(probe, 1.0)) : QUIET_NS;
        return String.join("\t", String.valueOf(probe), String.valueOf(round), placement, edge, String.valueOf(cpu),
                String.valueOf(inUse), String.valueOf(ns)) + "\n";
    }

    /** The probes around block B's cross half: its start (between the halves) and its end. */
    private static int crossStart(int block) {
        return (block - 2) * 3 + 2;
    }

    private static int crossEnd(int block) {
        return crossStart(block) + 1;
    }

    /** The placement session, its cross runs of SLOWED_BLOCK made 1.5 times slower, as a slowed host makes them. */
    private static Path session(Path dir) {
        createDirectories(dir);
        SyntheticSession.writeBlocks(dir, 5, BLOCKS, SyntheticSession.placementCells());
        rewriteRuns(dir, fields -> true, true);
        return dir;
    }

    /** Rewrites runs.csv keeping the rows KEEP accepts, with SLOWED_BLOCK's cross runs 1.5 times slower if SLOW. */
    private static void rewriteRuns(Path dir, Predicate<Map<String, String>> keep, boolean slow) {
        try {
            List<String> lines = Files.readAllLines(dir.resolve("runs.csv"));
            List<String> header = List.of(lines.get(0).split(",", -1));
            List<String> out = new ArrayList<>(List.of(lines.get(0)));
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split(",", -1);
                Map<String, String> row = new java.util.HashMap<>();
                for (int i = 0; i < header.size(); i++) {
                    row.put(header.get(i), f[i]);
                }
                if (!keep.test(row)) {
                    continue;
                }
                if (slow && inSlowedHalf(row)) {
                    int e = header.indexOf("elapsed_ns");
                    f[e] = String.valueOf(Long.parseLong(f[e]) * 3 / 2);
                }
                out.add(String.join(",", f));
            }
            Files.write(dir.resolve("runs.csv"), out);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Path createDirectories(Path dir) {
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static boolean inSlowedHalf(Map<String, String> row) {
        return row.get("round").equals(String.valueOf(SLOWED_BLOCK)) && row.get("placement").equals("cross");
    }

    private static Analysis analysis(Path dir) {
        return Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED);
    }

    private static CellSummary cell(Analysis analysis, String transport, String mode, String placement) {
        return analysis.cells().stream().filter(c -> c.key().transport().equals(transport) && c.key().mode().equals(mode)
                && c.key().placement().equals(placement)).findFirst().orElseThrow();
    }

    private static String labHealth(String report) {
        return report.substring(report.indexOf("## Lab health"), report.indexOf("## Where the time goes"));
    }

    @Test
    public void aCrossHalfSlowedAtBothEndsIsLeftOutOfEveryFigureAsIfItsRunsWereNeverMeasured() {
        Path slowed = session(dir.resolve("slowed"));
        Fixtures.write(slowed, "host-speed.tsv", hostSpeedTsv(Map.of(crossStart(SLOWED_BLOCK), 1.3, crossEnd(SLOWED_BLOCK), 1.5)));
        Path without = session(dir.resolve("without"));
        Path removed = createDirectories(dir.resolve("removed"));
        SyntheticSession.writeBlocks(removed, 5, BLOCKS, SyntheticSession.placementCells());
        rewriteRuns(removed, row -> !(inSlowedHalf(row) && row.get("phase").equals("measure")), false);

        Analysis a = analysis(slowed);
        Analysis unfiltered = analysis(without);
        Analysis b = analysis(removed);
        CellSummary cross = cell(a, "dbus-daemon", "sync", "cross");
        assertEquals(BLOCKS - 1, cross.runs());
        assertEquals(BLOCKS, cell(unfiltered, "dbus-daemon", "sync", "cross").runs());
        assertEquals(BLOCKS, cell(a, "dbus-daemon", "sync", "one-cpu").runs(), "the one-cpu half of the block is kept");
        assertNotEquals(cell(unfiltered, "dbus-daemon", "sync", "cross").usPerCallMedian(), cross.usPerCallMedian());
        assertEquals(1, cross.warmupRuns(), "warm-up runs are unaffected");
        // every figure as if the runs had never been measured
        assertEquals(b.allCells().size(), a.allCells().size());
        for (int i = 0; i < a.allCells().size(); i++) {
            CellSummary x = a.allCells().get(i);
            CellSummary y = b.allCells().get(i);
            assertAll(x.key().label(), () -> assertEquals(y.key(), x.key()), () -> assertEquals(y.runs(), x.runs()),
                    () -> assertEquals(y.usPerCallMedian(), x.usPerCallMedian()),
                    () -> assertEquals(y.usPerCallMedianCi95(), x.usPerCallMedianCi95()),
                    () -> assertArrayEquals(y.runSeconds(), x.runSeconds()));
        }
        List<Double> ratios = a.comparisons().stream().map(c -> c.result().ratioOfMedians()).toList();
        assertEquals(b.comparisons().stream().map(c -> c.result().ratioOfMedians()).toList(), ratios);
        assertEquals(b.crossing().stream().map(p -> p.price()).toList(), a.crossing().stream().map(p -> p.price()).toList());
        // and countable: runs.csv keeps them as measured runs
        assertEquals(a.cells().stream().filter(c -> c.key().placement().equals("cross")).count(), a.folder().hostSlowedRuns());
    }

    @Test
    public void theCompareCommandLeavesThemOutToo() throws IOException {
        Path base = session(dir.resolve("base"));
        Path current = session(dir.resolve("new"));
        Fixtures.write(current, "host-speed.tsv", hostSpeedTsv(Map.of(crossStart(SLOWED_BLOCK), 1.3, crossEnd(SLOWED_BLOCK), 1.5)));
        StringWriter err = new StringWriter();
        int exit = AnalysisMain.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "compare", base.toString(),
                current.toString());
        assertEquals(0, exit, err.toString());
        List<String> rows = Files.readString(current.resolve("compare-base.md")).lines()
                .filter(l -> l.startsWith("| dbus-daemon sync 1000 B")).toList();
        assertEquals(2, rows.size(), rows.toString());
        assertTrue(rows.stream().anyMatch(l -> l.contains("cross") && l.contains("| 10 | 9 |")), rows.toString());
        assertTrue(rows.stream().anyMatch(l -> l.contains("one-cpu") && l.contains("| 10 | 10 |")), rows.toString());
    }

    @Test
    public void labHealthAndSummaryJsonSayWhichHalvesWereSetAsideAndHowManyRuns() throws Exception {
        Path slowed = session(dir);
        Fixtures.write(slowed, "host-speed.tsv", hostSpeedTsv(Map.of(crossStart(SLOWED_BLOCK), 1.3, crossEnd(SLOWED_BLOCK), 1.5)));
        Analysis analysis = analysis(slowed);
        String health = labHealth(new ReportMarkdown().render(analysis));
        assertTrue(health.contains("### Host speed"), health);
        assertTrue(health.contains("(CPU 0: 30 readings, median 2.00 ms; CPU 1: 30 readings, median 2.00 ms)"), health);
        assertTrue(health.contains("more than 15.0 % longer than that CPU's median. That set aside 0 of 10 one-cpu halves and "
                + "1 of 10 cross halves: the cross half of block 5 (CPU 1 at 1.30× its median). Their 5 measured run(s) stay in "
                + "runs.csv with phase measure but are left out of every figure."), health);
        assertTrue(new ReportHtml().render(analysis).contains("<svg id='host-speed-chart'"), "the chart, in report.html's Lab health");
        String markdown = new ReportMarkdown().render(analysis);
        assertTrue(markdown.contains("10th to 90th percentile over its median): CPU 0 1.00–1.00×, CPU 1 1.00–1.00×; 1"
            + " half-block(s) set aside for a lasting slowdown"), "the Precision finding says how the host's speed wandered");

        JsonNode json = new ObjectMapper().readTree(new SummaryJson().render(analysis)).get("host_speed");
        assertEquals(0.15, json.get("slower_threshold").asDouble());
        assertEquals(2, json.get("cpus").size());
        JsonNode cpu1 = json.get("cpus").get(1);
        assertEquals(1, cpu1.get("cpu").asInt());
        assertEquals(30, cpu1.get("readings").asInt());
        assertEquals(2_000_000.0, cpu1.get("median_ns").asDouble());
        assertEquals(1.5, cpu1.get("max_times").asDouble(), 1e-9);
        assertEquals(10, json.get("halves_read").get("cross").asInt());
        assertEquals(10, json.get("halves_read").get("one-cpu").asInt());
        assertEquals(1, json.get("set_aside").size());
        JsonNode half = json.get("set_aside").get(0);
        assertEquals(List.of(SLOWED_BLOCK, 1), List.of(half.get("round").asInt(), half.get("cpu").asInt()));
        assertEquals("cross", half.get("placement").asText());
        assertEquals(1.3, half.get("times").asDouble(), 1e-9);
        assertEquals(5, json.get("runs_set_aside").asInt());
    }

    @Test
    public void aHalfSlowedAtOneEndOnlyIsKept() throws Exception {
        Path folder = session(dir);
        // the end of SLOWED_BLOCK's cross half, and the start of a later block's: two ends, but of two halves
        Fixtures.write(folder, "host-speed.tsv", hostSpeedTsv(Map.of(crossEnd(SLOWED_BLOCK), 1.5,
                crossStart(SLOWED_BLOCK + 2), 1.5)));
        Analysis analysis = analysis(folder);
        assertEquals(BLOCKS, cell(analysis, "dbus-daemon", "sync", "cross").runs());
        assertEquals(0, analysis.folder().hostSlowedRuns());
        String health = labHealth(new ReportMarkdown().render(analysis));
        assertTrue(health.contains("Host speed (host-speed.tsv): the probe saw no lasting slowdown, so no half of a block was "
                + "set aside (CPU 0: 30 readings, median 2.00 ms; CPU 1: 30 readings, median 2.00 ms)."), health);
        JsonNode json = new ObjectMapper().readTree(new SummaryJson().render(analysis)).get("host_speed");
        assertEquals(0, json.get("set_aside").size());
        assertEquals(0, json.get("runs_set_aside").asInt());
    }

    @Test
    public void aSlowedWarmupBlockLeavesItsWarmupRunsAsTheyAre() {
        Path folder = session(dir);
        // round 1, the warm-up block, named by hand with CPU 1 slow at both ends of its cross half
        String warmup = "1001\t1\tcross\tstart\t1\ttrue\t3000000\n1002\t1\tcross\tend\t1\ttrue\t3000000\n";
        Fixtures.write(folder, "host-speed.tsv", hostSpeedTsv(Map.of()) + warmup);
        Analysis analysis = analysis(folder);
        assertEquals(1, analysis.folder().hostSpeed().orElseThrow().slowed().size());
        assertEquals(0, analysis.folder().hostSlowedRuns());
        CellSummary cross = cell(analysis, "dbus-daemon", "sync", "cross");
        assertEquals(BLOCKS, cross.runs());
        assertEquals(1, cross.warmupRuns());
    }

    @Test
    public void aMalformedFileIsAWarningAndItsBadRowsAreSetAside() throws Exception {
        Path folder = session(dir);
        String good = hostSpeedTsv(Map.of(crossStart(SLOWED_BLOCK), 1.3, crossEnd(SLOWED_BLOCK), 1.5));
        Fixtures.write(folder, "host-speed.tsv", good + "7\t3\tsideways\tstart\t0\ttrue\t2000000\n"
                + "8\t3\tcross\tend\t0\ttrue\tNaN\n" + "only\tthree\tfields\n");
        StringWriter err = new StringWriter();
        int exit = AnalysisMain.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "report", folder.toString());
        assertEquals(0, exit, err.toString());
        List<String> warnings = err.toString().lines().filter(l -> l.contains("host-speed.tsv")).toList();
        assertEquals(1, warnings.size(), err.toString());
        assertTrue(warnings.get(0).startsWith("dbus-lab-analysis: warning: host-speed.tsv: 3 row(s) set aside, 80 kept: line 82 "
                + "(placement must be one of free, one-cpu, cross, split, not 'sideways')"), warnings.get(0));
        assertTrue(err.toString().lines().noneMatch(l -> l.startsWith("\tat ") || l.contains("Exception")), err.toString());
        assertEquals(BLOCKS - 1, cell(analysis(folder), "dbus-daemon", "sync", "cross").runs(), "the sound rows still count");
    }

    @Test
    public void aFileWithoutItsHeaderIsIgnoredWithAWarning() throws Exception {
        Path folder = session(dir);
        Fixtures.write(folder, "host-speed.tsv", "\u0000\u0001garbage, not a table\n1\t2\n");
        StringWriter err = new StringWriter();
        int exit = AnalysisMain.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "report", folder.toString());
        assertEquals(0, exit, err.toString());
        assertTrue(err.toString().contains("host-speed.tsv: no header line"), err.toString());
        assertTrue(err.toString().lines().noneMatch(l -> l.startsWith("\tat ") || l.contains("Exception")), err.toString());
        ResultsFolder read = ResultsFolderReader.read(folder);
        assertTrue(read.hostSpeed().isEmpty());
        assertEquals(BLOCKS, cell(analysis(folder), "dbus-daemon", "sync", "cross").runs());
        assertNull(new ObjectMapper().readTree(Files.readString(folder.resolve("summary.json"))).get("host_speed"));
    }

    @Test
    public void aFileOfBadRowsOnlyCountsAsAbsentAndAHeaderOnlyOneAsNoReading() {
        Path folder = session(dir);
        Fixtures.write(folder, "host-speed.tsv", "probe\tround\tplacement\tedge\tcpu\tin_use\twork_ns\n1\t5\tcross\tstart\t1\t"
                + "true\t-3\n");
        ResultsFolder read = ResultsFolderReader.read(folder);
        assertTrue(read.hostSpeed().isEmpty());
        assertTrue(read.warnings().stream().anyMatch(w -> w.startsWith("host-speed.tsv: 1 row(s) set aside, 0 kept: line 2")),
                read.warnings().toString());

        Fixtures.write(folder, "host-speed.tsv", "probe\tround\tplacement\tedge\tcpu\tin_use\twork_ns\n");
        Analysis analysis = analysis(folder);
        assertTrue(analysis.folder().warnings().isEmpty(), analysis.folder().warnings().toString());
        assertTrue(labHealth(new ReportMarkdown().render(analysis)).contains("Host speed (host-speed.tsv): the probe made no "
                + "reading, so no half of a block was set aside."));
    }

    @Test
    public void aFolderWithoutTheFileSaysNothingAboutTheHostsSpeed() throws Exception {
        Analysis analysis = analysis(session(dir));
        assertTrue(analysis.folder().hostSpeed().isEmpty());
        String report = new ReportMarkdown().render(analysis);
        assertFalse(report.contains("Host speed"), report);
        assertFalse(report.contains("host-speed"), report);
        assertNull(new ObjectMapper().readTree(new SummaryJson().render(analysis)).get("host_speed"));
        assertTrue(Arrays.stream(analysis.folder().warnings().toArray(String[]::new)).noneMatch(w -> w.contains("host-speed")));
    }
}
