package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.Counts;

/** Wording about per-call latency, shared by stderr and the reports. */
public final class LatencyText {

    private LatencyText() {
    }

    /** Why a cell's latency histograms hold a different number of calls than its runs made. */
    public static String countMismatch(CellSummary cell) {
        LatencySummary latency = cell.latency();
        return countMismatch(cell.key().label(), latency.count(), latency.expectedCount(), cell.runs(),
                cell.key().calls(), cell.counts());
    }

    /**
     * As {@link #countMismatch(CellSummary)}. The client records a round-trip time only for a call answered with its
     * exact echo: a lost call, a mismatched reply and an error reply all have none.
     */
    public static String countMismatch(String label, long count, long expected, int runs, int calls, Counts counts) {
        String text = label + ": latency histograms hold " + count + " calls, expected " + expected + " (" + runs
                + " runs × " + calls + " calls)";
        long unanswered = counts.lost() + counts.mismatched() + counts.errors();
        if (unanswered > 0 && count < expected) {
            return text + "; " + unanswered + " lost, mismatched or failed calls have no round-trip time";
        }
        return text + "; the latency logs may not belong to these runs";
    }
}
