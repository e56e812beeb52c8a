package org.dbuslab.analysis.read;

import org.HdrHistogram.Histogram;
import org.dbuslab.analysis.Fixtures;
import org.dbuslab.analysis.LatencyFixtureGenerator;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummarizer;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.LatencySummary;
import org.dbuslab.analysis.output.ReportMarkdown;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class LatencyLogReaderTest {

    @TempDir
    public Path dir;

    private static final String HEADER = Fixtures.RUNS_HEADER.strip() + ",latency_log,latency_tag\n";

    private static String row(int run, String phase, String log, String tag) {
        return "dbus-daemon,sync,1000,1,100,%d,1000000,0,0,0,%s,echo,2025-06-01T10:00:0%dZ,%s,%s\n".formatted(run, phase, run, log, tag);
    }

    private void writeLog(String name, String... tags) throws IOException {
        SplittableRandom random = new SplittableRandom(1);
        List<Histogram> histograms = java.util.Arrays.stream(tags).map(tag -> LatencyFixtureGenerator.histogram(
                random, 100, 10_000, tag, Instant.parse("2025-06-01T10:00:00Z"), 1_000_000)).toList();
        LatencyFixtureGenerator.write(dir.resolve(name), histograms);
    }

    /** Warnings about latency only: these folders have no environment.json, which is warned about too. */
    private static List<String> latencyWarnings(ResultsFolder folder) {
        return folder.warnings().stream().filter(w -> w.startsWith("latency")).toList();
    }

    @Test
    public void fixtureCellsHaveMergedPercentilesAndWarmupsStayOut() {
        Analysis analysis = Analysis.of(ResultsFolderReader.read(Fixtures.session()), SummaryJsonTest.GENERATED);
        CellSummary daemon = analysis.cells().get(0);
        assertEquals("dbus-daemon", daemon.key().transport());
        assertNotNull(daemon.latency());
        assertEquals(5 * 10000, daemon.latency().count()); // the warm-up histogram of the same log is not merged
        assertTrue(daemon.latency().p50Us() < daemon.latency().p99Us());
        CellSummary p2pAsync = analysis.cells().get(7);
        assertEquals("p2p-unix", p2pAsync.key().transport());
        assertNull(p2pAsync.latency(), "empty latency_log: not recorded, shown as n/a");
        assertEquals(1, analysis.cellsWithLatencyCountMismatch().size()); // 2 lost calls in dbus-broker sync 10000 B
    }

    @Test
    public void readsTaggedHistogramsOfMeasuredRuns() throws IOException {
        writeLog("latency/d.hlog", "warmup-1", "measure-1", "measure-2");
        Fixtures.write(dir, "runs.csv", HEADER + row(1, "warmup", "latency/d.hlog", "warmup-1")
                + row(1, "measure", "latency/d.hlog", "measure-1") + row(2, "measure", "latency/d.hlog", "measure-2"));
        ResultsFolder folder = ResultsFolderReader.read(dir);
        assertTrue(latencyWarnings(folder).isEmpty(), folder.warnings().toString());
        LatencySummary latency = CellSummarizer.summarize(folder.runs(), folder.latency(),
                org.dbuslab.stats.Bootstrap.standard()).get(0).latency();
        assertEquals(200, latency.count());
        assertTrue(latency.countMatches());
    }

    @Test
    public void missingLogIsOneWarningAndNotApplicable() {
        Fixtures.write(dir, "runs.csv", HEADER + row(1, "measure", "latency/gone.hlog", "measure-1")
                + row(2, "measure", "latency/gone.hlog", "measure-2"));
        ResultsFolder folder = ResultsFolderReader.read(dir);
        assertEquals(List.of("latency log latency/gone.hlog: file not found; percentiles of its cell shown as n/a"), latencyWarnings(folder));
        assertNull(CellSummarizer.summarize(folder.runs(), folder.latency(), org.dbuslab.stats.Bootstrap.standard())
                .get(0).latency());
    }

    @Test
    public void corruptLogIsOneWarningNotACrash() throws IOException {
        Files.createDirectories(dir.resolve("latency"));
        Files.writeString(dir.resolve("latency/bad.hlog"), "#[Histogram log format version 1.3]\n"
                + "Tag=measure-1,0.000,1.000,1.000,HISTFAAAAThisIsNotAHistogram==\n");
        Fixtures.write(dir, "runs.csv", HEADER + row(1, "measure", "latency/bad.hlog", "measure-1"));
        ResultsFolder folder = ResultsFolderReader.read(dir);
        assertEquals(1, latencyWarnings(folder).size());
        assertTrue(latencyWarnings(folder).get(0).startsWith("latency log latency/bad.hlog: corrupt"), folder.warnings().get(0));
        String report = new ReportMarkdown().render(Analysis.of(folder, SummaryJsonTest.GENERATED));
        assertTrue(report.contains("| dbus-daemon | sync | 1000 B | 1 | n/a | n/a | n/a | n/a | n/a | n/a |"), report);
    }

    @Test
    public void missingTagIsOneWarningPerLog() throws IOException {
        writeLog("latency/d.hlog", "measure-1");
        Fixtures.write(dir, "runs.csv", HEADER + row(1, "measure", "latency/d.hlog", "measure-1")
                + row(2, "measure", "latency/d.hlog", "measure-2") + row(3, "measure", "latency/d.hlog", "measure-3"));
        ResultsFolder folder = ResultsFolderReader.read(dir);
        assertEquals(List.of("latency log latency/d.hlog: no histogram tagged measure-2, measure-3; percentiles of its cell shown as n/a"),
                latencyWarnings(folder));
    }

    @Test
    public void pathOutsideTheResultsFolderIsRefused() {
        Fixtures.write(dir, "runs.csv", HEADER + row(1, "measure", "../elsewhere.hlog", "measure-1"));
        assertEquals(List.of("latency log ../elsewhere.hlog: path leaves the results folder; percentiles of its cell shown as n/a"),
                latencyWarnings(ResultsFolderReader.read(dir)));
    }

    @Test
    public void anAbsolutePathIsRefused() throws IOException {
        Path outside = Files.createTempDirectory("outside");
        try {
            Fixtures.write(dir, "runs.csv", HEADER + row(1, "measure", outside.resolve("d.hlog").toString(), "measure-1"));
            assertEquals(List.of("latency log " + outside.resolve("d.hlog") + ": path leaves the results folder; "
                    + "percentiles of its cell shown as n/a"), latencyWarnings(ResultsFolderReader.read(dir)));
        } finally {
            Files.delete(outside);
        }
    }

    @Test
    public void aSymbolicLinkThatLeadsOutIsRefusedAndNeverRead() throws IOException {
        Path outside = Files.createTempDirectory(dir.getParent(), "outside");
        try {
            writeLog("latency/d.hlog", "measure-1");
            Files.move(dir.resolve("latency/d.hlog"), outside.resolve("d.hlog"));
            Files.createSymbolicLink(dir.resolve("latency/d.hlog"), outside.resolve("d.hlog"));
            Files.createSymbolicLink(dir.resolve("latency/out"), outside);
            Fixtures.write(dir, "runs.csv", HEADER + row(1, "measure", "latency/d.hlog", "measure-1")
                    + row(2, "measure", "latency/out/d.hlog", "measure-1"));
            ResultsFolder folder = ResultsFolderReader.read(dir);
            assertEquals(List.of("latency log latency/d.hlog: a symbolic link leads out of the results folder; "
                            + "percentiles of its cell shown as n/a",
                    "latency log latency/out/d.hlog: a symbolic link leads out of the results folder; "
                            + "percentiles of its cell shown as n/a"), latencyWarnings(folder));
            assertNull(CellSummarizer.summarize(folder.runs(), folder.latency(), org.dbuslab.stats.Bootstrap.standard())
                    .get(0).latency());
        } finally {
            Files.walk(outside).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    public void aSymbolicLinkInsideTheFolderIsRead() throws IOException {
        writeLog("latency/d.hlog", "measure-1");
        Files.createSymbolicLink(dir.resolve("latency/alias.hlog"), dir.resolve("latency/d.hlog"));
        Fixtures.write(dir, "runs.csv", HEADER + row(1, "measure", "latency/alias.hlog", "measure-1"));
        assertTrue(latencyWarnings(ResultsFolderReader.read(dir)).isEmpty());
    }

    @Test
    public void runsCsvWithoutLatencyColumnsHasNoLatencyAndNoWarning() {
        Fixtures.write(dir, "runs.csv", Fixtures.RUNS_HEADER
                + "dbus-daemon,sync,1000,1,10000,1,800000000,0,0,0,measure,echo,2025-06-01T10:00:01Z\n");
        ResultsFolder folder = ResultsFolderReader.read(dir);
        assertTrue(folder.warnings().stream().noneMatch(w -> w.contains("latency")));
        assertNull(CellSummarizer.summarize(folder.runs()).get(0).latency());
    }
}
