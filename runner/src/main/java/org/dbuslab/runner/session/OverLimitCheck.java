package org.dbuslab.runner.session;

import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.OverLimit;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.record.ResultsFolder;

/**
 * The over-limit check: a Java client with window 128 against a dbus-daemon with
 * max_replies_per_connection=8 must end in the bus's LimitsExceeded errors, counted as errors, nothing lost
 * or mismatched, and no hang. Its verdict goes to notes.tsv.
 */
final class OverLimitCheck {

    private OverLimitCheck() {
    }

    static void judge(Cell cell, CellRunner.Result result, ResultsFolder folder, Tally tally, SessionLog log) {
        ControlProtocol.Done d = result.done();
        String text = "dbus-daemon with max_replies_per_connection=" + SessionServices.OVERLIMIT_MAX_REPLIES
            + ", Java client async window " + cell.window() + ", " + cell.calls() + " calls of " + cell.payloadBytes()
            + " B: " + (d == null ? "no done line (the client crashed, hung or did not start; see skipped.tsv)"
            : "errors " + d.errors() + ", lost " + d.lost() + ", mismatched " + d.mismatched()
            + (d.problem() == null ? "" : "; first problem: " + d.problem()));
        boolean ok = d != null && d.errors() > 0 && d.lost() == 0 && d.mismatched() == 0 && d.problem() != null
            && d.problem().contains(Cell.OVERLIMIT_EXPECTED);
        if (ok) {
            folder.note(OverLimit.TOPIC, OverLimit.AS_EXPECTED, Cell.OVERLIMIT_EXPECTED + " as expected: " + text);
            tally.check(true, "over-limit check: " + Cell.OVERLIMIT_EXPECTED + " as expected");
            tally.ran(cell.id());
            log.say("  -> over-limit check: " + Cell.OVERLIMIT_EXPECTED + " as expected (" + d.errors() + " errors, 0 lost)");
        } else {
            String failed = "NOT as expected (wanted " + Cell.OVERLIMIT_EXPECTED + " errors, nothing lost): " + text;
            folder.note(OverLimit.TOPIC, OverLimit.UNEXPECTED, failed);
            tally.check(false, "over-limit check: " + failed);
            log.say("  -> over-limit check FAILED: " + failed);
        }
    }
}
