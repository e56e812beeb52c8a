package org.dbuslab.analysis;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class CompareCommandTest {

    @TempDir
    public Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return AnalysisMain.run(new PrintWriter(out), new PrintWriter(err), args);
    }

    private Path session(String name, long seed, Map<String, Double> cells) throws IOException {
        return SyntheticSession.write(Files.createDirectories(tmp.resolve(name)), seed, 10, cells);
    }

    @Test
    public void plantedTwentyPercentRegressionIsFoundAndFailsTheBuild() throws IOException {
        Path base = session("base", 1, SyntheticSession.standardCells());
        Map<String, Double> slower = SyntheticSession.standardCells();
        slower.put("dbus-broker sync 1000", 95.0 * 1.2);
        Path current = session("new", 2, slower);

        assertEquals(3, run("compare", base.toString(), current.toString(), "--fail-on-regression"), err.toString());

        String report = Files.readString(current.resolve("compare-base.md"));
        assertTrue(out.toString().startsWith(report), "the report is also printed");
        assertTrue(report.contains("**1 regressed, 0 improved, 3 no change** (of 4 cells in both sessions)"), report);
        String regressed = report.lines().filter(l -> l.startsWith("- dbus-broker sync 1000 B")).findFirst().orElseThrow();
        assertTrue(regressed.matches("- dbus-broker sync 1000 B window 1 calls 10000: regressed, \\+(19|20|21)\\.\\d % "
                + "\\(95% CI \\+\\d+\\.\\d %…\\+\\d+\\.\\d %\\), \\+\\d+\\.\\d µs/call \\(.*\\), p < 0.001"), regressed);
        assertEquals("", err.toString());
    }

    /** Reference and sweep cells are compared and marked; the over-limit check, whose errors are its purpose, is not. */
    @Test
    public void labSeriesAreComparedExceptTheOverLimitCheck() throws IOException {
        Path base = Fixtures.copyOfSession(Files.createDirectories(tmp.resolve("base")));
        Path current = Fixtures.copyOfSession(Files.createDirectories(tmp.resolve("new")));
        assertEquals(0, run("compare", base.toString(), current.toString(), "--fail-on-regression"), err.toString());
        String report = Files.readString(current.resolve("compare-base.md"));
        // 3 runs against 3 can never reach p < 0.05: those cells are too few to tell, not "no change"
        assertTrue(report.contains("**0 regressed, 0 improved, 9 no change, 19 too few runs to tell** (of 28 cells in both sessions)"),
                report);
        assertTrue(report.contains("- dbus-daemon libdbus>libdbus (reference) sync 1000 B window 1 calls 10000: no change"), report);
        assertTrue(report.contains("- dbus-broker (sweep) async 1000 B window 8 calls 2000: too few runs to tell, +0.0 % (CI n/a)"),
                report);
        assertTrue(err.toString().contains("warning: 19 of 28 cells have too few runs to tell a change"), err.toString());
        assertTrue(!report.contains("limit64"), report);
    }

    @Test
    public void withoutFailOnRegressionARegressionStillExitsZero() throws IOException {
        Path base = session("base", 1, SyntheticSession.standardCells());
        Map<String, Double> slower = SyntheticSession.standardCells();
        slower.replaceAll((cell, us) -> us * 1.2);
        Path current = session("new", 2, slower);
        assertEquals(0, run("compare", base.toString(), current.toString()));
        assertTrue(out.toString().contains("**4 regressed, 0 improved, 0 no change**"), out.toString());
    }

    @Test
    public void twoSessionsFromTheSameDistributionShowNoChange() throws IOException {
        Path base = session("base", 11, SyntheticSession.standardCells());
        Path current = session("new", 12, SyntheticSession.standardCells());
        assertEquals(0, run("compare", base.toString(), current.toString(), "--fail-on-regression"));
        assertTrue(out.toString().contains("**0 regressed, 0 improved, 4 no change**"), out.toString());
    }

    /** The session runner calibrates calls per run in each session: the same cells at other calls still compare. */
    @Test
    public void cellsMatchAcrossCallsPerRunWhenTheirShapeNamesOneCell() throws IOException {
        Path base = session("base", 11, SyntheticSession.standardCells());
        Path current = session("new", 12, SyntheticSession.standardCells());
        String runs = Files.readString(current.resolve("runs.csv"));
        // dbus-daemon sync 1000 B: 9000 calls per run, each run 0.9 x as long (the same µs per call)
        String recalibrated = runs.lines().map(line -> {
            String[] f = line.split(",", -1);
            if (!line.startsWith("dbus-daemon,sync,1000,1,10000,")) {
                return line;
            }
            f[4] = "9000";
            f[6] = String.valueOf(Math.round(Long.parseLong(f[6]) * 0.9));
            return String.join(",", f);
        }).collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        assertTrue(!recalibrated.equals(runs), "the fixture has dbus-daemon sync 1000 B rows");
        Fixtures.write(current, "runs.csv", recalibrated);
        assertEquals(0, run("compare", base.toString(), current.toString(), "--fail-on-regression"), err.toString());
        String report = out.toString();
        assertTrue(report.contains("**0 regressed, 0 improved, 4 no change** (of 4 cells in both sessions)"), report);
        assertTrue(report.contains("- dbus-daemon sync 1000 B window 1 calls 10000 \u2192 9000: no change"), report);
        assertTrue(!report.contains("Not compared"), report);
    }

    /** Twelve cells: enough for the common shift (CommonShift.MIN_CELLS), each at its own µs per call. */
    private static Map<String, Double> twelveCells(double factor) {
        Map<String, Double> cells = new java.util.LinkedHashMap<>();
        String[] transports = {"dbus-daemon", "dbus-broker", "p2p-unix"};
        String[] shapes = {"sync 1000", "sync 10000", "async 1000", "async 10000"};
        int i = 0;
        for (String t : transports) {
            for (String shape : shapes) {
                cells.put(t + " " + shape, (40.0 + 10 * i++) * factor);
            }
        }
        return cells;
    }

    /** Two sessions of one code differ mostly by the machine's state, the same in every cell: not a regression. */
    @Test
    public void aShiftEveryCellSharesWithinItsThresholdIsNoChangeOneCellBeyondItIs() throws IOException {
        Path base = session("base", 21, twelveCells(1.0));
        Map<String, Double> later = twelveCells(1.06);
        later.put("p2p-unix sync 1000", later.get("p2p-unix sync 1000") * 1.2);
        Path current = session("new", 22, later);
        assertEquals(3, run("compare", base.toString(), current.toString(), "--fail-on-regression"), err.toString());
        String report = out.toString();
        assertTrue(report.contains("**1 regressed, 0 improved, 11 no change** (of 12 cells in both sessions), each judged"
                + " beyond the common shift."), report);
        assertTrue(report.matches("(?s).*\\*\\*Common shift: \\+(5\\.[5-9]|6\\.[0-5]) %\\*\\* \\(95% CI .*, the median over 12"
                + " cells of new's µs per call against base's: not a change, since its CI reaches within ±10\\.0 %.*"), report);
        String regressed = report.lines().filter(l -> l.startsWith("- p2p-unix sync 1000 B")).findFirst().orElseThrow();
        assertTrue(regressed.matches("- p2p-unix sync 1000 B window 1 calls 10000: regressed, \\+(19|20|21)\\.\\d % .*"), regressed);
    }

    @Test
    public void aShiftBeyondItsThresholdIsARegressionOfEveryCellAbsoluteJudgesEachCellAlone() throws IOException {
        Path base = session("base", 21, twelveCells(1.0));
        Path current = session("new", 22, twelveCells(1.25));
        assertEquals(3, run("compare", base.toString(), current.toString(), "--fail-on-regression"), err.toString());
        assertTrue(out.toString().contains("**0 regressed, 0 improved, 12 no change**"), out.toString());
        assertTrue(out.toString().contains("**every cell regressed**: its whole CI lies above +10.0 %"), out.toString());

        out.getBuffer().setLength(0);
        Path again = session("again", 23, twelveCells(1.06));
        assertEquals(3, run("compare", base.toString(), again.toString(), "--absolute", "--fail-on-regression"));
        assertTrue(out.toString().contains("**12 regressed, 0 improved, 0 no change**"), out.toString());
        assertTrue(out.toString().contains("Common shift: not estimated"), out.toString());

        out.getBuffer().setLength(0);
        assertEquals(0, run("compare", base.toString(), again.toString(), "--shift-threshold", "3%"));
        assertTrue(out.toString().contains("**every cell regressed**: its whole CI lies above +3.0 %"), out.toString());
        assertEquals(2, run("compare", base.toString(), again.toString(), "--shift-threshold", "lots"));
        assertTrue(err.toString().contains("--shift-threshold must be a percentage"), err.toString());
    }

    @Test
    public void improvementBeyondTheThresholdIsReported() throws IOException {
        Path base = session("base", 1, SyntheticSession.standardCells());
        Map<String, Double> faster = SyntheticSession.standardCells();
        faster.put("dbus-daemon sync 10000", 160.0 * 0.9);
        Path current = session("new", 2, faster);
        assertEquals(0, run("compare", base.toString(), current.toString(), "--threshold", "5%", "--fail-on-regression"));
        assertTrue(out.toString().contains("**0 regressed, 1 improved, 3 no change**"), out.toString());
        assertTrue(out.toString().contains("Noise threshold 5.0 %"), out.toString());
    }

    /** A significant but small change stays "no change": the threshold is about what matters. */
    @Test
    public void significantChangeBelowTheThresholdIsNoChange() throws IOException {
        Path base = session("base", 1, SyntheticSession.standardCells());
        Map<String, Double> slightly = SyntheticSession.standardCells();
        slightly.replaceAll((cell, us) -> us * 1.03);
        Path current = session("new", 2, slightly);
        assertEquals(0, run("compare", base.toString(), current.toString(), "--threshold", "10%", "--fail-on-regression"));
        assertTrue(out.toString().contains("**0 regressed, 0 improved, 4 no change**"), out.toString());
    }

    @Test
    public void cellsInOnlyOneSessionAreListedAndEnvironmentChangesShown() throws IOException {
        Path base = session("base", 1, SyntheticSession.standardCells());
        Map<String, Double> fewer = SyntheticSession.standardCells();
        fewer.remove("dbus-broker sync 10000");
        Path current = session("new", 2, fewer);
        Fixtures.write(base, "environment.json", "{\"kernel\": \"6.1\"}");
        Fixtures.write(current, "environment.json", "{\"kernel\": \"6.12\"}");
        assertEquals(0, run("compare", base.toString(), current.toString()));
        assertTrue(out.toString().contains("- dbus-broker sync 10000 B window 1 calls 10000: only in base"), out.toString());
        assertTrue(out.toString().contains("- kernel: 6.1 → 6.12"), out.toString());
    }

    @Test
    public void badThresholdOrMissingFolderAreClearErrors() throws IOException {
        Path base = session("base", 1, SyntheticSession.standardCells());
        assertEquals(2, run("compare", base.toString(), base.toString(), "--threshold", "two"));
        assertEquals(2, run("compare", base.toString()));
        assertEquals(1, run("compare", base.toString(), tmp.resolve("nope").toString()));
        List<String> lines = err.toString().lines().toList();
        assertEquals(3, lines.size(), err.toString());
        assertEquals("dbus-lab-analysis: error: --threshold must be a percentage such as 2% or 0.5%, not 'two' (see --help)", lines.get(0));
        assertTrue(lines.get(2).startsWith("dbus-lab-analysis: error: results folder not found: "), lines.get(2));
    }

    @Test
    public void thresholdAcceptsPercentWithOrWithoutSign() {
        assertEquals(0.02, CompareCommand.parseThreshold("2%"), 1e-15);
        assertEquals(0.005, CompareCommand.parseThreshold("0.5 %"), 1e-15);
        assertEquals(0.1, CompareCommand.parseThreshold("10"), 1e-15);
    }
}
