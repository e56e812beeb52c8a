package org.dbuslab.analysis.model;

import org.dbuslab.analysis.Fixtures;
import org.dbuslab.analysis.output.ReportHtml;
import org.dbuslab.analysis.output.ReportMarkdown;
import org.dbuslab.analysis.output.SummaryJson;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.format.Phase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** runs.csv's jit_ms: what the JIT compiled while the Java clients measured, counted and shown in the lab health. */
public class JitActivityTest {

    private static final String HEADER = "transport,mode,payload_bytes,window,calls,run,elapsed_ns,lost,mismatched,errors,"
            + "phase,method,started_utc,latency_log,latency_tag,jit_ms\n";

    /** Warm-up compiles a lot, measured runs little; run 3 spends 30 % of its 100 ms compiling. */
    private static Path session(Path dir) {
        Fixtures.write(dir, "runs.csv", HEADER
                + "dbus-daemon,async,1000,128,500,1,10000000,0,0,0,warmup,echo,2025-06-01T10:00:01Z,,,400\n"
                + "dbus-daemon,async,1000,128,500,2,10000000,0,0,0,warmup,echo,2025-06-01T10:00:02Z,,,25\n"
                + "dbus-daemon,async,1000,128,500,1,100000000,0,0,0,measure,echo,2025-06-01T10:00:03Z,,,0\n"
                + "dbus-daemon,async,1000,128,500,2,100000000,0,0,0,measure,echo,2025-06-01T10:00:04Z,,,1\n"
                + "dbus-daemon,async,1000,128,500,3,100000000,0,0,0,measure,echo,2025-06-01T10:00:05Z,,,30\n"
                + "dbus-daemon,async,1000,128,500,4,100000000,0,0,0,measure,echo,2025-06-01T10:00:06Z,,,0\n"
                + "dbus-daemon,async,1000,128,500,5,100000000,0,0,0,measure,echo,2025-06-01T10:00:07Z,,,\n");
        return dir;
    }

    @Test
    public void countsMeasuredAndWarmupCompilationApartAndNamesTheBusyRuns(@TempDir Path dir) {
        JitActivity jit = JitActivity.of(ResultsFolderReader.read(session(dir)).runs()).orElseThrow();
        assertEquals(4, jit.measuredRuns(), "the row with an empty jit_ms does not count");
        assertEquals(2, jit.quietRuns());
        assertEquals(1, jit.medianMs(), "median of 0, 0, 1, 30 rounds 0.5 up");
        assertEquals(30L, jit.max().jitMs());
        assertEquals(31, jit.measuredJitMs());
        assertEquals(31 / 400.0, jit.measuredShare(), 1e-12);
        assertEquals(List.of(3), jit.busyRuns().stream().map(RunRecord::run).toList());
        assertEquals(2, jit.warmupRuns());
        assertEquals(425, jit.warmupJitMs());
    }

    @Test
    public void reportAndSummarySayHowMuchTheJitCompiledWhileMeasuring(@TempDir Path dir) throws Exception {
        Analysis analysis = Analysis.of(ResultsFolderReader.read(session(dir)), SummaryJsonTest.GENERATED);
        String report = new ReportMarkdown().render(analysis);
        String health = report.substring(report.indexOf("## Lab health"), report.indexOf("## Where the time goes"));
        assertTrue(health.contains("JIT compilation in the Java clients (jit\\_ms): during 2 of their 4 measured runs the JIT "
                + "compiled nothing; median 1 ms per run, at most 30 ms (dbus-daemon async 1000 B window 128 calls 500 run 3); "
                + "in all 31 ms, 7.8 % of those runs' time. Their 2 warm-up runs, excluded from every figure, took 425 ms")
                || health.contains("JIT compilation in the Java clients (jit_ms): during 2 of their 4"), health);
        assertTrue(health.contains("1 measured run(s) spent more than 10.0 % of their time compiling"), health);
        assertFalse(health.contains("figures include compilation"), "7.8 % of the measured time is no reason to say so");
        assertTrue(new ReportHtml().render(analysis).contains("1 measured run(s) spent more than 10.0 % of their time compiling"));
        JsonNode json = new ObjectMapper().readTree(new SummaryJson().render(analysis)).get("jit");
        assertEquals(4, json.get("measured_runs").asInt());
        assertEquals(1, json.get("measured_runs_busy_compiling").asInt());
        assertEquals(425, json.get("warmup_jit_ms_total").asLong());
    }

    @Test
    public void redoneRunsAreCountedApartAndLeftOutOfTheFigures(@TempDir Path dir) throws Exception {
        Fixtures.write(dir, "runs.csv", HEADER
                + "dbus-daemon,async,1000,128,500,1,10000000,0,0,0,warmup,echo,2025-06-01T10:00:01Z,,,400\n"
                + "dbus-daemon,async,1000,128,500,1,100000000,0,0,0,measure,echo,2025-06-01T10:00:03Z,,,0\n"
                + "dbus-daemon,async,1000,128,500,1,900000000,0,0,0,redone,echo,2025-06-01T10:00:04Z,,,40\n"
                + "dbus-daemon,async,1000,128,500,2,100000000,0,0,0,measure,echo,2025-06-01T10:00:05Z,,,1\n");
        Analysis analysis = Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED);
        JitActivity jit = analysis.jit().orElseThrow();
        assertEquals(2, jit.measuredRuns());
        assertEquals(1, jit.warmupRuns(), "a redone run is not a warm-up run");
        assertEquals(1, jit.redoneRuns());
        assertEquals(40, jit.redoneJitMs());
        assertTrue(jit.busyRuns().isEmpty());
        assertEquals(2, analysis.cells().get(0).runSeconds().length, "the redone run's 900 ms is in no figure");
        assertEquals(1, analysis.cells().get(0).warmupRuns(), "nor counted as a warm-up run");
        String report = new ReportMarkdown().render(analysis);
        assertTrue(report.contains("1 measured run(s) compiled for more than 10.0 % of their time (40 ms in all), so the"
                + " runner made each again at once"), report);
        JsonNode json = new ObjectMapper().readTree(new SummaryJson().render(analysis)).get("jit");
        assertEquals(1, json.get("measured_runs_redone").asInt());
        assertEquals(40, json.get("redone_jit_ms_total").asLong());
    }

    @Test
    public void aSessionWhoseJitWasBusyMeasuringSaysItsFiguresIncludeCompilation(@TempDir Path dir) {
        Fixtures.write(dir, "runs.csv", HEADER
                + "dbus-daemon,sync,1000,1,200,1,10000000,0,0,0,measure,echo,2025-06-01T10:00:01Z,,,5\n");
        String report = new ReportMarkdown().render(Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED));
        assertTrue(report.contains("The JIT compiled for 50.0 % of the measured time, so these figures include compilation"),
                report);
    }

    @Test
    public void theOverLimitCheckWhichSkipsItsWarmupOnPurposeIsLeftOut() {
        CellKey overLimit = new CellKey("dbus-daemon-limit8", "async", 1000, 128, 500, CellKey.SUBJECT_PAIR,
                CellKey.OVERLIMIT, CellKey.ECHO);
        CellKey matrix = new CellKey("dbus-daemon", "async", 1000, 128, 500);
        JitActivity jit = JitActivity.of(List.of(
                new RunRecord(overLimit, 1, 10_000_000L, Counts.ZERO, Phase.MEASURE, null, null, null, "LimitsExceeded", 124L),
                new RunRecord(matrix, 1, 10_000_000L, Counts.ZERO, Phase.MEASURE, null, null, null, "", 0L))).orElseThrow();
        assertEquals(1, jit.measuredRuns());
        assertEquals(0, jit.measuredJitMs());
        assertTrue(jit.busyRuns().isEmpty());
    }

    @Test
    public void sessionsWithoutTheColumnShowNothingAboutTheJit() {
        Analysis analysis = Analysis.of(ResultsFolderReader.read(Fixtures.session()), SummaryJsonTest.GENERATED);
        assertTrue(analysis.jit().isEmpty());
        assertFalse(new ReportMarkdown().render(analysis).contains("JIT compilation"));
    }
}
