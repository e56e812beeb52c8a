package org.dbuslab.analysis.output;

import org.dbuslab.analysis.Fixtures;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The points of report.md a reader relies on; the whole text is pinned by GoldenFilesTest. */
public class ReportMarkdownTest {

    public static String reportOfFixture() {
        return new ReportMarkdown().render(Analysis.of(ResultsFolderReader.read(Fixtures.session()), SummaryJsonTest.GENERATED));
    }

    /** Issue 16: findings first, then the headline, warnings and the lab's health; machine and versions with the details. */
    @Test
    public void leadsWithFindingsThenHeadlineTableThenVerdictsThenWarnings() {
        String report = reportOfFixture();
        assertTrue(report.startsWith("# D-Bus round-trip report\n\nGenerated 2025-06-01T12:00:00Z from session; session started "
                + "2025-06-01T10:00:00Z on lab-box"), report);
        List<String> sections = report.lines().filter(l -> l.startsWith("## ")).toList();
        assertEquals(List.of("## Findings", "## Headline: µs per call", "## Warnings", "## Lab health", "## Where the time goes",
                "## Precision", "## Pipelining-depth sweep", "## Over-limit check", "## Per-call latency", "## Run-time distributions",
                "## Details: sync", "## Details: async", "## Run order", "## Correctness", "## Skipped", "## Machine and versions",
                "## How to read this", "## Input warnings"), sections);
        assertTrue(report.contains("- dbus-broker against dbus-daemon: faster in 1 of 2 cells, factor (95% CI) sync 1000 B 1.32× (1.26–1.37)"), report);
        assertTrue(report.contains("([Against dbus-daemon](#against-dbus-daemon))"), report);
        assertTrue(report.contains("| sync | 1000 B | 1 | 125.7 µs ⚠ | 95.1 µs (1.32× faster) ⚠ | 61.1 µs (2.06× faster) ⚠ |\n"), report);
    }

    @Test
    public void verdictLinesFollowTheIssueExample() {
        String report = reportOfFixture();
        assertTrue(report.contains("- dbus-broker, sync, 1000 B: 1.32× faster than dbus-daemon (95% CI 1.26–1.37), "
                + "−30.6 µs/call (−35.0…−24.8), p = 0.008\n"), report);
    }

    /** 3 runs against 3: the bootstrap interval excludes 1, but the report must not claim "faster". */
    @Test
    public void neverSaysFasterWhenTheRunsCannotTell() {
        String report = reportOfFixture();
        assertTrue(report.contains("- dbus-broker, sync, 10000 B: too few runs to tell against dbus-daemon (time ratio 0.75, "
                + "CI n/a), −41.1 µs/call (CI n/a), p = 0.100; 3 vs 3 runs can never reach p < 0.05 "
                + "(smallest possible p = 0.100): measure more runs\n"), report);
        assertTrue(report.contains("| sync | 10000 B | 1 | 161.2 µs ⚠ | 120.1 µs (too few runs) ⚠ |"), report);
    }

    @Test
    public void showsLatencyPercentilesWithUnitsAndNotApplicable() {
        String report = reportOfFixture();
        assertTrue(report.contains("| transport | mode | payload | window | p50 (µs) | p90 (µs) | p99 (µs) | p99.9 (µs) | max (µs) | calls timed |"));
        assertTrue(report.contains("| p2p-unix | async | 1000 B | 16 | n/a | n/a | n/a | n/a | n/a | n/a |"), report);
        assertTrue(report.contains("| 29998 ⚠ expected 30000 |"), report);
    }

    @Test
    public void detailsCarryIntervalsSpreadOutliersAndWarmups() {
        String report = reportOfFixture();
        assertTrue(report.contains("| dbus-daemon | 1000 B | 1 | 5 | 1 | 10000 | 1.2568 | 1.1988 – 1.3012 | 1.2543 | 1.2048 – 1.3039 "
                + "| 0.039878 | 3.2 % | 1.1988 | 1.3012 | none |"), report);
        assertTrue(report.contains("| p2p-unix | 1000 B | 16 | 1 | 0 | 10000 | 0.41235 | n/a | 0.41235 | n/a | n/a | n/a |"), report);
        assertTrue(report.contains("Warm-up runs excluded from all statistics: 8."), report);
    }

    @Test
    public void warnsLoudlyAboutLostCallsAndBlockedRunOrder() {
        String report = reportOfFixture();
        assertTrue(report.contains("**⚠ 21 warnings: 1 calls went wrong, "), report);
        assertTrue(report.contains("| dbus-broker sync 10000 B window 1 calls 10000 | calls went wrong | lost 2, mismatched 0, errors 0 |\n"), report);
        assertTrue(report.contains("- sync 1000 B window 1 calls 10000: blocked, each transport's runs back to back: "
                + "dbus-daemon ×5 → dbus-broker ×5 → p2p-unix ×5\n"), report);
    }

    @Test
    public void environmentShowsEveryKeyKnownFirstUnknownLast(@TempDir Path dir) {
        Fixtures.write(dir, "runs.csv", Fixtures.RUNS_HEADER
                + "dbus-daemon,sync,1000,1,10000,1,800000000,0,0,0,measure,echo,2025-06-01T10:00:01Z\n");
        Fixtures.write(dir, "environment.json", "{\"zz_extra\": \"1\", \"kernel\": \"6.1\", \"aa_extra\": 2, "
                + "\"cpu_governor\": \"performance\", \"bus_max_replies_per_connection\": 50000, \"hostname\": \"box\"}");
        String report = new ReportMarkdown().render(Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED));
        String env = report.substring(report.indexOf("## Machine and versions"), report.indexOf("## How to read this"));
        assertTrue(env.contains("| Host | box |\n| Kernel | 6.1 |\n| CPU frequency governor | performance |\n"
                + "| Bus max_replies_per_connection | 50000 |\n| aa_extra | 2 |\n| zz_extra | 1 |\n"), env);
    }

    @Test
    public void listsSkippedAndMissingTransportsWithTheirReasons() {
        String report = reportOfFixture();
        String skipped = report.substring(report.indexOf("## Skipped"));
        // The sweep, raw-socket and over-limit cells of plan.tsv are all there: only the old gaps are reported.
        assertTrue(skipped.startsWith("## Skipped\n\n"
                + "- p2p-tcp: dbus-java TCP transport refused the connection: Connection refused\n"
                + "- dbus-broker libdbus-java: reference pair libdbus>dbus-java not run: the Java server does not answer "
                + "com.example.Spam at / yet (hook pending)\n"
                + "- dbus-broker async 1000 B window 16 calls 10000: missing: no data\n"
                + "- dbus-daemon-tcp: missing: no data\n"
                + "- p2p-unix async 1000 B window 16 calls 10000: incomplete: 1 of 6 planned runs measured\n\n"), skipped);
        assertTrue(report.contains("runs.csv line 112: skipped truncated last line"));
    }

    @Test
    public void cleanSessionWithoutExtrasSaysSo(@TempDir Path dir) {
        Fixtures.write(dir, "runs.csv", Fixtures.RUNS_HEADER
                + "dbus-daemon,sync,1000,1,10000,1,800000000,0,0,0,measure,echo,2025-06-01T10:00:01Z\n");
        String report = new ReportMarkdown().render(Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED));
        assertTrue(report.contains("environment.json was missing: the machine is unknown."));
        assertTrue(report.contains("| Kernel | unknown |\n"), report);
        assertTrue(report.contains("## Skipped\n\nnone\n"));
        assertTrue(report.contains("No other transport has a cell to compare with dbus-daemon."));
        assertTrue(report.contains("Not recorded in this session (runs.csv has no latency_log)."));
        assertFalse(report.contains(ReportMarkdown.FAILURE_WARNING));
    }
}
