package org.dbuslab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class AnalysisMainTest {

    @TempDir
    public Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return AnalysisMain.run(new PrintWriter(out), new PrintWriter(err), args);
    }

    private List<String> errLines() {
        return err.toString().lines().toList();
    }

    @Test
    public void reportWritesEveryFormatAndPrintsTheirPaths() throws Exception {
        Path session = Fixtures.copyOfSession(dir);
        byte[] rawBefore = Files.readAllBytes(session.resolve("runs.csv"));

        assertEquals(0, run("report", session.toString()));

        assertEquals(List.of(session.resolve("summary.json").toString(), session.resolve("summary.csv").toString(),
                        session.resolve("report.md").toString(), session.resolve("report.html").toString()),
                out.toString().lines().toList());
        assertEquals(List.of("dbus-lab-analysis: warning: runs.csv line 112: skipped truncated last line "
                        + "(expected 21 fields, found 7)",
                "dbus-lab-analysis: WARNING: dbus-broker sync 10000 B window 1 calls 10000: latency histograms hold 29998 calls, "
                        + "expected 30000 (3 runs × 10000 calls); 2 lost, mismatched or failed calls have no round-trip time",
                "dbus-lab-analysis: WARNING: dbus-broker libdbus>libdbus (reference) sync 1000 B window 1 calls 10000: fixed_ns "
                        + "missing in 1 of 5 measured spam run(s); those use elapsed / calls, which includes process start-up "
                        + "and connecting"), errLines());
        assertEquals(8, new ObjectMapper().readTree(session.resolve("summary.json").toFile()).get("cells").size());
        assertTrue(Files.readString(session.resolve("report.md")).startsWith("# D-Bus round-trip report"));
        assertArrayEquals(rawBefore, Files.readAllBytes(session.resolve("runs.csv")));
        try (var files = Files.list(session)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".tmp")), "temp files left behind");
        }
    }

    @Test
    public void extraBaselineAddsItsOwnVerdictsAndLeadsTheHeadline() throws Exception {
        Path session = Fixtures.copyOfSession(dir);
        assertEquals(0, run("report", session.toString(), "--baseline", "p2p-unix"));
        String report = Files.readString(session.resolve("report.md"));
        assertTrue(report.contains("## Against dbus-daemon"));
        assertTrue(report.contains("## Against p2p-unix\n\n- dbus-daemon, sync, 1000 B: 2.06× slower than p2p-unix"), report);
        assertTrue(report.contains("| p2p-unix (baseline) |"), report);
        JsonNode cell = new ObjectMapper().readTree(session.resolve("summary.json").toFile()).get("cells").get(0);
        assertEquals(List.of("p2p-unix"), cell.get("comparisons").findValuesAsText("baseline"));
        assertTrue(Files.readString(session.resolve("summary.csv")).lines().findFirst().orElseThrow()
                .contains(",vs_dbus_daemon_ratio_of_medians,") );
    }

    @Test
    public void aZeroEquivalenceMarginIsAUsageError() {
        Path session = Fixtures.copyOfSession(dir);
        assertEquals(2, run("report", session.toString(), "--equivalence-margin", "0%"));
        assertEquals(List.of("dbus-lab-analysis: error: --equivalence-margin must be above 0%, not '0%' (see --help)"), errLines());
        assertTrue(Files.notExists(session.resolve("report.md")));
    }

    @Test
    public void baselineWithoutRunsIsAUsageError() {
        Path session = Fixtures.copyOfSession(dir);
        assertEquals(2, run("report", session.toString(), "--baseline", "kdbus"));
        assertEquals(List.of("dbus-lab-analysis: error: --baseline kdbus: no measured runs of that transport in " + session
                + " (there are: dbus-daemon, dbus-broker, p2p-unix) (see --help)"), errLines());
        assertTrue(Files.notExists(session.resolve("report.md")));
    }

    @Test
    public void missingFolderIsOneErrorLineAndExitCode1() {
        assertEquals(1, run("report", dir.resolve("no-such-session").toString()));
        assertEquals(List.of("dbus-lab-analysis: error: results folder not found: " + dir.resolve("no-such-session")), errLines());
        assertEquals("", out.toString());
    }

    @Test
    public void malformedCsvIsOneErrorLineAndNoOutputs() {
        Fixtures.write(dir, "runs.csv", Fixtures.RUNS_HEADER + "dbus-daemon,sync,1000,1,10000,1,1,0,0\n\n");
        assertEquals(1, run("report", dir.toString()));
        assertEquals(List.of("dbus-lab-analysis: error: " + dir.resolve("runs.csv") + ": no sound row (1 set aside: line 2 "
                + "(expected 13 fields, found 9))"), errLines());
        assertTrue(Files.notExists(dir.resolve("summary.json")) && Files.notExists(dir.resolve("report.md")));
    }

    @Test
    public void usageErrorsExitWith2() {
        assertEquals(2, run());
        assertEquals(2, run("report"));
        assertEquals(2, run("report", "--colour", dir.toString()));
        assertEquals(3, errLines().size());
        assertTrue(errLines().stream().allMatch(line -> line.startsWith("dbus-lab-analysis: error: ")), err.toString());
    }

    @Test
    public void helpExplainsTheCommandAndExitsWith0() {
        assertEquals(0, run("--help"));
        assertEquals(0, run("report", "--help"));
        assertTrue(out.toString().contains("Usage: dbus-lab-analysis [-h] COMMAND"));
        assertTrue(out.toString().contains("Usage: dbus-lab-analysis report [-h] [--baseline=TRANSPORT]\n"
                + "                                [--equivalence-margin=PERCENT] DIR"), out.toString());
        assertEquals(0, run("compare", "--help"));
        assertTrue(out.toString().contains("3   a cell (or the common shift) regressed and --fail-on-regression was"), out.toString());
        assertTrue(out.toString().contains("missing: no data"));
        assertEquals("", err.toString());
    }
}
