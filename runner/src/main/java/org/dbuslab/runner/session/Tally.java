package org.dbuslab.runner.session;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How the session went, for its summary and exit code (cells by id, problems by description): cells that ran, cells with lost/mismatched/failed
 * calls, cells that could not run (a client that crashed, timed out or could not connect, a bus or server
 * that died), cells skipped with their transport, server or program or for a missing hook, and the checks' verdicts.
 */
public final class Tally {

    private final Set<String> ran = new LinkedHashSet<>();
    private final Set<String> lost = new LinkedHashSet<>();
    private final Set<String> error = new LinkedHashSet<>();
    private final Set<String> skippedStartup = new LinkedHashSet<>();
    private final Set<String> skippedHook = new LinkedHashSet<>();
    private final List<String> checksOk = new ArrayList<>();
    private final List<String> checksFailed = new ArrayList<>();
    private int runs;
    private boolean scenariosFailed;
    private boolean reportFailed;

    public void ran(String cell) {
        ran.add(cell);
        runs++;
    }

    public void lost(String cell) {
        lost.add(cell);
    }

    /** The cell could not run (crash, timeout, connect error, dead service); counted once per cell. */
    public boolean error(String cell) {
        return error.add(cell);
    }

    public void skippedStartup(String cell) {
        skippedStartup.add(cell);
    }

    public void skippedHook(String cell) {
        skippedHook.add(cell);
    }

    public void check(boolean ok, String text) {
        (ok ? checksOk : checksFailed).add(text);
    }

    public void scenariosFailed() {
        scenariosFailed = true;
    }

    public void reportFailed() {
        reportFailed = true;
    }

    public int runs() {
        return runs;
    }

    /** 0 when everything ran clean, else 1 (skips do not fail a session). */
    public int exitCode() {
        if (runs == 0 || !lost.isEmpty() || !error.isEmpty() || !checksFailed.isEmpty() || scenariosFailed
            || reportFailed) {
            return 1;
        }
        return 0;
    }

    public List<String> summary(int planned) {
        List<String> lines = new ArrayList<>();
        lines.add("cells: " + planned + " planned, " + ran.size() + " ran (" + runs + " runs; " + lost.size()
            + " with lost/mismatched/failed calls), " + error.size() + " could not run, " + skippedStartup.size()
            + " skipped (their transport, server or program did not start), " + skippedHook.size() + " skipped for a missing hook");
        checksOk.forEach(lines::add);
        checksFailed.forEach(lines::add);
        lost.forEach(c -> lines.add("lost/mismatched/failed calls: " + c));
        error.forEach(c -> lines.add("not run: " + c + " (see skipped.tsv)"));
        if (runs == 0) {
            lines.add("no cell ran");
        }
        return lines;
    }
}
