package org.dbuslab.analysis;

/** Wording about per-call latency, shared by stderr and the reports. */
final class LatencyText {

    private LatencyText() {
    }

    /** Why a cell's latency histograms hold a different number of calls than its runs made. */
    static String countMismatch(CellSummary cell) {
        LatencySummary latency = cell.latency();
        String text = cell.key().label() + ": latency histograms hold " + latency.count() + " calls, expected "
                + latency.expectedCount() + " (" + cell.runs() + " runs × " + cell.key().calls() + " calls)";
        long lost = cell.counts().lost() + cell.counts().errors();
        if (lost > 0 && latency.count() < latency.expectedCount()) {
            return text + "; " + lost + " lost or failed calls have no round-trip time";
        }
        return text + "; the latency logs may not belong to these runs";
    }
}
