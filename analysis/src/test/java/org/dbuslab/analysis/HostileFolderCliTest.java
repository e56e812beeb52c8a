package org.dbuslab.analysis;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** report and compare on a folder from someone else (issue 26, item 4): exit code, the one line, no stack trace. */
public class HostileFolderCliTest {

    @TempDir
    public Path dir;

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return AnalysisMain.run(new PrintWriter(new StringWriter()), new PrintWriter(err), args);
    }

    /** The fixture session with a copy of its first row whose elapsed_ns is NaN after the header. */
    private Path sessionWithANanRow(String name) throws IOException {
        Path session = Fixtures.copy(Fixtures.session(), dir.resolve(name));
        List<String> lines = new ArrayList<>(Files.readAllLines(session.resolve("runs.csv")));
        String[] fields = lines.get(1).split(",", -1);
        fields[5] = "99"; // a run number of its own: not a duplicate
        fields[6] = "NaN";
        lines.add(2, String.join(",", fields));
        Files.writeString(session.resolve("runs.csv"), String.join("\n", lines)); // the fixture's last line is torn
        return session;
    }

    /** A folder whose every row is NaN: nothing sound is left. */
    private Path sessionWithNoSoundRow(String name) throws IOException {
        Path session = Fixtures.copy(Fixtures.session(), dir.resolve(name));
        Files.writeString(session.resolve("runs.csv"), Fixtures.RUNS_HEADER
                + "dbus-daemon,sync,1000,1,10000,1,NaN,0,0,0,measure,echo,2025-06-01T10:00:01Z\n");
        return session;
    }

    private void assertNoStackTrace() {
        assertTrue(err.toString().lines().noneMatch(l -> l.startsWith("\tat ") || l.contains("Exception")), err.toString());
    }

    private List<String> setAsideLines() {
        return err.toString().lines().filter(l -> l.contains("set aside")).toList();
    }

    @Test
    public void reportOfAFolderWithANanRowReportsTheRestAndSaysWhatWasSetAside() throws IOException {
        Path session = sessionWithANanRow("session");
        int exit = run("report", session.toString());
        assertAll(() -> assertEquals(0, exit, err.toString()),
                () -> assertEquals(List.of("dbus-lab-analysis: warning: runs.csv: 1 row(s) set aside, 110 kept: line 3 "
                        + "(elapsed_ns is not a whole number: 'NaN')"), setAsideLines()),
                () -> assertTrue(Files.isRegularFile(session.resolve("report.md"))),
                this::assertNoStackTrace);
    }

    @Test
    public void reportOfAFolderWithNoSoundRowRefusesInOneLine() throws IOException {
        Path session = sessionWithNoSoundRow("session");
        int exit = run("report", session.toString());
        assertAll(() -> assertEquals(1, exit),
                () -> assertEquals(List.of("dbus-lab-analysis: error: " + session.resolve("runs.csv") + ": no sound row "
                        + "(1 set aside: line 2 (elapsed_ns is not a whole number: 'NaN'))"), err.toString().lines().toList()),
                this::assertNoStackTrace);
    }

    @Test
    public void compareWithAFolderWithANanRowComparesTheRest() throws IOException {
        Path base = sessionWithANanRow("base");
        Path current = Fixtures.copy(Fixtures.session(), dir.resolve("current"));
        int exit = run("compare", base.toString(), current.toString());
        assertAll(() -> assertEquals(0, exit, err.toString()),
                () -> assertEquals(List.of("dbus-lab-analysis: warning: " + base + ": runs.csv: 1 row(s) set aside, 110 "
                        + "kept: line 3 (elapsed_ns is not a whole number: 'NaN')"), setAsideLines()),
                this::assertNoStackTrace);
    }

    @Test
    public void compareWithAFolderWithNoSoundRowRefusesInOneLine() throws IOException {
        Path base = Fixtures.copy(Fixtures.session(), dir.resolve("base"));
        Path current = sessionWithNoSoundRow("current");
        int exit = run("compare", base.toString(), current.toString());
        assertAll(() -> assertEquals(1, exit),
                () -> assertEquals(List.of("dbus-lab-analysis: error: " + current.resolve("runs.csv") + ": no sound row "
                        + "(1 set aside: line 2 (elapsed_ns is not a whole number: 'NaN'))"), err.toString().lines().toList()),
                this::assertNoStackTrace);
    }
}
