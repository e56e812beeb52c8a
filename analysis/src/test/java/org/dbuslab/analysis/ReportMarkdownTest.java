package org.dbuslab.analysis;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportMarkdownTest {

    static String reportOfFixture() {
        return ReportMarkdown.render(Analysis.of(ResultsFolderReader.read(Fixtures.session()), SummaryJsonTest.GENERATED));
    }

    @Test
    void startsWithTitleDateAndMachine() {
        String report = reportOfFixture();
        assertTrue(report.startsWith("# D-Bus round-trip report\n\nGenerated 2025-06-01T12:00:00Z"), report);
        assertTrue(report.contains("- Kernel: 6.1.0-21-amd64\n"));
        assertTrue(report.contains("- CPU: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz × 2\n"));
        assertTrue(report.contains("- Memory: 3.8 GiB\n"));
        assertTrue(report.contains("- dbus-broker: 33\n"));
        assertTrue(report.contains("## How to read this"));
    }

    @Test
    void hasOneTablePerModeWithTheCellRows() {
        String report = reportOfFixture();
        assertTrue(report.indexOf("## Results: sync") < report.indexOf("## Results: async"));
        assertTrue(report.contains("| dbus-daemon | 1000 B | 1 | 5 | 10000 | 1.2543 | 1.2568 | 0.039878 | 1.1988 | 1.3012 "
                + "| 1.2048 – 1.3039 | 125.7 | 7957 | 0/0/0 | 1.00 |\n"), report);
        assertTrue(report.contains("| dbus-broker | 10000 B | 1 | 3 | 10000 | 1.2041 | 1.2012 | 0.0072339 | 1.1988 | 1.2123 "
                + "| 1.1861 – 1.2221 | 120.1 | 8325 | 2/0/0 | 0.75 |\n"), report);
        // One run: no spread and no interval, shown as n/a rather than as a misleading 0.
        assertTrue(report.contains("| p2p-unix | 1000 B | 16 | 1 | 10000 | 0.41235 | 0.41235 | n/a | 0.41235 | 0.41235 "
                + "| n/a | 41.2 | 24251 | 0/0/0 | 0.50 |\n"), report);
    }

    @Test
    void warnsLoudlyAboutCellsWithLostCalls() {
        String report = reportOfFixture();
        assertTrue(report.contains("Lost / mismatched / errors over all measured runs: 2 / 0 / 0."));
        assertTrue(report.contains("**⚠ WARNING: calls went wrong in 1 cell(s), their timings are suspect: "
                + "dbus-broker sync 10000 B window 1 calls 10000 (lost 2, mismatched 0, errors 0).**"), report);
    }

    @Test
    void listsSkippedAndMissingTransportsWithTheirReasons() {
        String report = reportOfFixture();
        String skipped = report.substring(report.indexOf("## Skipped"));
        assertTrue(skipped.contains("- `p2p-tcp`: dbus-java TCP transport refused the connection: Connection refused\n"));
        assertTrue(skipped.contains("- `dbus-daemon-tcp`: missing: no data\n"));
        assertTrue(skipped.contains("- `dbus-broker` async 1000 B window 16 calls 10000: missing: no data\n"));
        assertTrue(skipped.contains("- `p2p-unix` async 1000 B window 16 calls 10000: incomplete: 1 of 6 planned runs measured\n"));
        assertTrue(report.contains("runs.csv line 36: skipped truncated last line"));
    }

    @Test
    void cleanSessionWithoutExtrasSaysSo(@TempDir Path dir) {
        Fixtures.write(dir, "runs.csv", Fixtures.RUNS_HEADER
                + "dbus-daemon,sync,1000,1,10000,1,800000000,0,0,0,measure,echo,2025-06-01T10:00:01Z\n");
        String report = ReportMarkdown.render(Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED));
        assertTrue(report.contains("environment.json was missing: the machine is unknown."));
        assertTrue(report.contains("- Kernel: unknown\n"));
        assertTrue(report.contains("## Skipped\n\nnone\n"));
        assertFalse(report.contains(ReportMarkdown.FAILURE_WARNING));
    }
}
