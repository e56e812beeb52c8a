package org.dbuslab.analysis.read;

import org.dbuslab.analysis.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A results folder from someone else (issue 26, item 4): its sound rows are read, the rest set aside and counted. */
public class HostileRunsCsvTest {

    @TempDir
    public Path dir;

    static String row(int run, String elapsed) {
        return "dbus-daemon,sync,1000,1,10000," + run + "," + elapsed + ",0,0,0,measure,echo,2025-06-01T10:00:0" + (run % 10)
                + "Z\n";
    }

    private ResultsFolder read(String content) {
        Fixtures.write(dir, "runs.csv", content);
        return ResultsFolderReader.read(dir);
    }

    private List<String> rowWarnings(ResultsFolder folder) {
        return folder.warnings().stream().filter(w -> w.startsWith("runs.csv")).toList();
    }

    @Test
    public void aNanRowIsSetAsideAndTheSoundRowsAreRead() {
        ResultsFolder folder = read(Fixtures.RUNS_HEADER + row(1, "800000000") + row(2, "810000000") + row(3, "NaN")
                + row(4, "820000000"));
        assertEquals(3, folder.runs().size());
        assertEquals(List.of("runs.csv: 1 row(s) set aside, 3 kept: line 4 (elapsed_ns is not a whole number: 'NaN')"),
                rowWarnings(folder));
    }

    @Test
    public void negativeAndOverflowingNumbersAreSetAside() {
        ResultsFolder folder = read(Fixtures.RUNS_HEADER + row(1, "800000000") + row(2, "-5")
                + row(3, "99999999999999999999") + row(4, "1e9"));
        assertEquals(1, folder.runs().size());
        assertEquals(List.of("runs.csv: 3 row(s) set aside, 1 kept: line 3 (elapsed_ns must be at least 1, got -5), "
                + "line 4 (elapsed_ns is not a whole number: '99999999999999999999'), "
                + "line 5 (elapsed_ns is not a whole number: '1e9')"), rowWarnings(folder));
    }

    @Test
    public void aTruncatedLastLineIsSkipped() {
        ResultsFolder folder = read(Fixtures.RUNS_HEADER + row(1, "800000000") + "dbus-daemon,sync,1000,1,10000,2,80");
        assertEquals(1, folder.runs().size());
        assertEquals(List.of("runs.csv line 3: skipped truncated last line (expected 13 fields, found 7)"),
                rowWarnings(folder));
    }

    @Test
    public void aLineOfSeveralMegabytesIsSetAsideWithoutBeingHeldInMemory() throws IOException {
        int megabytes = 16;
        try (Writer w = Files.newBufferedWriter(dir.resolve("runs.csv"), StandardCharsets.UTF_8)) {
            w.write(Fixtures.RUNS_HEADER + row(1, "800000000"));
            char[] junk = new char[1 << 20];
            java.util.Arrays.fill(junk, '7');
            for (int i = 0; i < megabytes; i++) {
                w.write(junk);
            }
            w.write("\n" + row(2, "810000000"));
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        ResultsFolder folder = ResultsFolderReader.read(dir);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(2, folder.runs().size());
        assertEquals(List.of("runs.csv: 1 row(s) set aside, 2 kept: line 3 (longer than 65536 characters)"),
                rowWarnings(folder));
        // Reading the file whole would allocate its bytes and its String: more than twice the line.
        assertTrue(allocated < megabytes / 2 * (1L << 20), "allocated " + allocated + " bytes reading a "
                + megabytes + " MiB line");
    }

    @Test
    public void unknownColumnsAreIgnoredWithAWarningAndAMissingFieldSetsItsRowAside() {
        ResultsFolder folder = read(Fixtures.RUNS_HEADER.strip() + ",colour\n"
                + row(1, "800000000").strip() + ",blue\n" + row(2, "810000000"));
        assertEquals(1, folder.runs().size());
        assertEquals(List.of("runs.csv: 1 row(s) set aside, 1 kept: line 3 (expected 14 fields, found 13)",
                "runs.csv: column(s) colour unknown to this version, ignored"), rowWarnings(folder));
    }

    @Test
    public void aDuplicateOfCellPhaseAndRunIsSetAsideAndTheFirstKept() {
        ResultsFolder folder = read(Fixtures.RUNS_HEADER + row(1, "800000000") + row(2, "810000000")
                + row(1, "999000000"));
        assertEquals(List.of(800000000L, 810000000L), folder.runs().stream().map(RunRecord::elapsedNs).toList());
        assertEquals(List.of("runs.csv: 1 row(s) set aside, 2 kept: line 4 (a duplicate: same cell, phase and run 1 "
                + "as an earlier row, which is kept)"), rowWarnings(folder));
    }

    @Test
    public void controlCharactersOfAHostileFieldNeverReachTheWarning() {
        ResultsFolder folder = read(Fixtures.RUNS_HEADER + row(1, "800000000") + row(2, "\u001b[2J"));
        assertEquals(List.of("runs.csv: 1 row(s) set aside, 1 kept: line 3 (elapsed_ns is not a whole number: '?[2J')"),
                rowWarnings(folder));
    }

    @Test
    public void aFileWithNoSoundRowIsRefusedNamingWhatWasSetAside() {
        ResultsInputException e = assertThrows(ResultsInputException.class, () -> read(Fixtures.RUNS_HEADER
                + row(1, "NaN") + row(2, "NaN") + row(3, "NaN") + row(4, "NaN") + row(5, "NaN") + row(6, "NaN")));
        assertEquals(dir.resolve("runs.csv") + ": no sound row (6 set aside: line 2 (elapsed_ns is not a whole number: "
                + "'NaN'), line 3 (elapsed_ns is not a whole number: 'NaN'), line 4 (elapsed_ns is not a whole number: "
                + "'NaN'), line 5 (elapsed_ns is not a whole number: 'NaN'), line 6 (elapsed_ns is not a whole number: "
                + "'NaN') and 1 more)", e.getMessage());
    }
}
