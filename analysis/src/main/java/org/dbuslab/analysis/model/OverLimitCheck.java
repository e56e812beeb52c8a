package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.Note;
import org.dbuslab.analysis.read.PlannedCell;
import org.dbuslab.format.OverLimit;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The over-limit check (issue 5.5): a client whose window exceeds what the bus accepts must end in the bus's
 * error replies (LimitsExceeded), counted as errors — not in lost calls or a hang. Its rows (series overlimit)
 * are kept out of the correctness totals and judged here instead.
 *
 * <p>As expected when the rows name an expected outcome, every call that went wrong is an error reply (errors &gt; 0,
 * nothing lost or mismatched), and the lab's note in notes.tsv, if any, does not say otherwise. The data cannot
 * tell which D-Bus error came back; the lab's note can (it greps the client's log for the expected name).
 *
 * @param cell      the over-limit cell; null when the check left no row (only planned, or only the lab's note tells of it)
 * @param key       the cell's key, or the planned one when there is no cell; null when only a note tells of the check
 * @param bus       the bus the check ran on, e.g. dbus-daemon (the transport without its "-limitN" suffix)
 * @param limit     the bus's max_replies_per_connection from the transport name; null when the name does not say
 * @param expected  the outcome the rows expect, e.g. LimitsExceeded
 * @param labNotes  notes.tsv verdicts (as-expected / unexpected) of topic over-limit
 */
public record OverLimitCheck(CellSummary cell, CellKey key, String bus, Integer limit, String expected, List<Note> labNotes) {

    private static final Pattern LIMIT_SUFFIX = Pattern.compile("^(.*)-limit(\\d+)$");
    public static final String DEFAULT_EXPECTED = OverLimit.EXPECTED_ERROR;

    public static List<OverLimitCheck> of(List<CellSummary> overlimitCells, List<Note> notes) {
        return of(overlimitCells, notes, List.of());
    }

    /**
     * @param planned plan.tsv's cells: one on a "-limitN" transport that left no row at all is a check that did not
     *                run (a hang that was killed, an interrupted session), reported as not as expected
     */
    public static List<OverLimitCheck> of(List<CellSummary> overlimitCells, List<Note> notes, List<PlannedCell> planned) {
        List<Note> verdicts = notes.stream().filter(n -> n.topic().equals(Note.OVER_LIMIT) && n.verdict()).toList();
        List<OverLimitCheck> checks = new ArrayList<>();
        for (CellSummary cell : overlimitCells) {
            checks.add(of(cell, cell.key(), cell.expected().isEmpty() ? DEFAULT_EXPECTED : cell.expected(), verdicts));
        }
        planned.stream().map(PlannedCell::key).filter(k -> LIMIT_SUFFIX.matcher(k.transport()).matches())
                .filter(k -> overlimitCells.stream().noneMatch(c -> c.key().transport().equals(k.transport())))
                .distinct()
                .forEach(k -> checks.add(of(null, k, DEFAULT_EXPECTED, verdicts)));
        if (checks.isEmpty() && !verdicts.isEmpty()) {
            checks.add(new OverLimitCheck(null, null, null, null, DEFAULT_EXPECTED, verdicts));
        }
        return checks;
    }

    private static OverLimitCheck of(CellSummary cell, CellKey key, String expected, List<Note> verdicts) {
        Matcher m = LIMIT_SUFFIX.matcher(key.transport());
        String bus = m.matches() ? m.group(1) : key.transport();
        Integer limit = m.matches() ? Integer.valueOf(m.group(2)) : null;
        return new OverLimitCheck(cell, key, bus, limit, expected, verdicts);
    }

    /** Every call of the check's runs that went wrong, warm-ups included. */
    public Counts counts() {
        return cell == null ? Counts.ZERO : cell.counts().plus(cell.warmupCounts());
    }

    public boolean labSaysUnexpected() {
        return labNotes.stream().anyMatch(n -> n.outcome().equals(Note.UNEXPECTED));
    }

    public boolean labConfirms() {
        return !labNotes.isEmpty() && labNotes.stream().allMatch(n -> n.outcome().equals(Note.AS_EXPECTED));
    }

    public boolean asExpected() {
        Counts c = counts();
        return cell != null && !cell.expected().isEmpty() && c.errors() > 0 && c.lost() == 0 && c.mismatched() == 0
                && !labSaysUnexpected();
    }

    /** "over-limit check on dbus-daemon (max_replies_per_connection 64, window 128)" */
    public String title() {
        if (key == null) {
            return "over-limit check";
        }
        List<String> parts = new ArrayList<>();
        if (limit != null) {
            parts.add("max_replies_per_connection " + limit);
        }
        parts.add("window " + key.window());
        return "over-limit check on " + bus + " (" + String.join(", ", parts) + ")";
    }

    /** The check line of the report, loud when not as expected. */
    public String text() {
        Counts c = counts();
        String lab = labNotes.isEmpty() ? "" : "; lab: " + labNotes.stream().map(Note::text).reduce((a, b) -> a + "; " + b).orElse("");
        if (cell == null) {
            return title() + ": NOT as expected — " + (key == null ? "" : "planned in plan.tsv, but ")
                    + "no rows in runs.csv (the client never finished a run)" + lab;
        }
        String runs = cell.runs() + " run(s) of " + cell.key().calls() + " calls, " + cell.key().payloadBytes() + " B";
        if (asExpected()) {
            return title() + ": " + expected + " as expected — " + c.errors() + " error replies, " + c.lost() + " lost ("
                    + runs + ")" + (labConfirms() ? ""
                    : "; the error name was not checked: notes.tsv has no verdict for this check");
        }
        return title() + ": NOT as expected — wanted " + expected + " error replies and nothing lost, got " + c.errors()
                + " errors, " + c.lost() + " lost, " + c.mismatched() + " mismatched (" + runs + ")" + lab;
    }
}
