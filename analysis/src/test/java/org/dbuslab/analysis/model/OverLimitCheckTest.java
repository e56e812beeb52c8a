package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.Note;
import org.dbuslab.analysis.read.PlannedCell;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.format.Phase;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class OverLimitCheckTest {

    private static final CellKey KEY = new CellKey("dbus-daemon-limit64", "async", 1000, 128, 500, CellKey.SUBJECT_PAIR,
            CellKey.OVERLIMIT, CellKey.ECHO);
    private static final Note AS_EXPECTED = new Note("over-limit", "as-expected", "LimitsExceeded as expected: ...");
    private static final Note UNEXPECTED = new Note("over-limit", "unexpected", "NOT as expected: the client hung");
    private static final Note INFO = new Note("over-limit", "info", "dbus-broker has no pending-reply limit");

    private static List<CellSummary> cell(Counts counts, String expected) {
        return CellSummarizer.summarize(List.of(new RunRecord(KEY, 1, 600_000_000L, counts, Phase.MEASURE, null, null, null,
                expected, null)));
    }

    @Test
    public void errorRepliesAndNothingLostIsAsExpected() {
        List<OverLimitCheck> checks = OverLimitCheck.of(cell(new Counts(0, 0, 68), "LimitsExceeded"), List.of(INFO, AS_EXPECTED));
        OverLimitCheck check = checks.get(0);
        assertTrue(check.asExpected());
        assertEquals("dbus-daemon", check.bus());
        assertEquals(64, check.limit());
        assertEquals(List.of(AS_EXPECTED), check.labNotes());
        assertEquals("over-limit check on dbus-daemon (max_replies_per_connection 64, window 128): LimitsExceeded as expected "
                + "— 68 error replies, 0 lost (1 run(s) of 500 calls, 1000 B)", check.text());
    }

    @Test
    public void withoutTheLabsVerdictTheErrorNameIsNotClaimed() {
        OverLimitCheck check = OverLimitCheck.of(cell(new Counts(0, 0, 68), "LimitsExceeded"), List.of()).get(0);
        assertTrue(check.asExpected());
        assertTrue(check.text().endsWith("; the error name was not checked: notes.tsv has no verdict for this check"), check.text());
    }

    @Test
    public void lostCallsOrNoErrorsOrTheLabsNoIsALoudFailure() {
        OverLimitCheck lost = OverLimitCheck.of(cell(new Counts(3, 0, 60), "LimitsExceeded"), List.of()).get(0);
        assertFalse(lost.asExpected());
        assertEquals("over-limit check on dbus-daemon (max_replies_per_connection 64, window 128): NOT as expected — wanted "
                + "LimitsExceeded error replies and nothing lost, got 60 errors, 3 lost, 0 mismatched (1 run(s) of 500 calls, "
                + "1000 B)", lost.text());
        assertFalse(OverLimitCheck.of(cell(Counts.ZERO, "LimitsExceeded"), List.of()).get(0).asExpected());
        OverLimitCheck labSaysNo = OverLimitCheck.of(cell(new Counts(0, 0, 68), "LimitsExceeded"), List.of(UNEXPECTED)).get(0);
        assertFalse(labSaysNo.asExpected());
        assertTrue(labSaysNo.text().endsWith("; lab: NOT as expected: the client hung"), labSaysNo.text());
    }

    @Test
    public void aVerdictWithoutRowsIsStillReported() {
        List<OverLimitCheck> checks = OverLimitCheck.of(List.of(), List.of(INFO, UNEXPECTED));
        assertEquals(1, checks.size());
        assertNull(checks.get(0).cell());
        assertFalse(checks.get(0).asExpected());
        assertTrue(checks.get(0).text().startsWith("over-limit check: NOT as expected — no rows in runs.csv"), checks.get(0).text());
        assertTrue(OverLimitCheck.of(List.of(), List.of(INFO)).isEmpty());
    }

    /** A planned check that left no row at all (killed after a hang, interrupted session) is not silently absent. */
    @Test
    public void aPlannedCheckWithoutRowsIsALoudFailure() {
        PlannedCell planned = new PlannedCell(KEY.planKey(), 1, 0);
        List<OverLimitCheck> checks = OverLimitCheck.of(List.of(), List.of(INFO),
                List.of(new PlannedCell(new CellKey("dbus-daemon", "sync", 1000, 1, 1000), 5, 1), planned));
        assertEquals(1, checks.size());
        assertFalse(checks.get(0).asExpected());
        assertEquals("over-limit check on dbus-daemon (max_replies_per_connection 64, window 128): NOT as expected — planned "
                + "in plan.tsv, but no rows in runs.csv (the client never finished a run)", checks.get(0).text());
        // With its row, the plan adds nothing.
        assertEquals(1, OverLimitCheck.of(cell(new Counts(0, 0, 68), "LimitsExceeded"), List.of(), List.of(planned)).size());
    }
}
