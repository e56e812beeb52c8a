package org.dbuslab.runner.stop;

import org.dbuslab.runner.plan.Cell;

/** A run's time per call, the value every precision estimate is made of. */
public final class PerCall {

    private PerCall() {
    }

    /**
     * Microseconds per call: {@code elapsed / calls}, or for a spam cell, whose process is timed from outside,
     * {@code (elapsed - fixed) / (calls - 1)} with {@code fixed} the start-up-plus-one-call cost measured in the same
     * block (docs/RESULTS-FORMAT.md). NaN when it cannot be computed (no fixed cost, a single call).
     */
    public static double micros(Cell cell, long elapsedNs, long fixedNs) {
        if (cell.kind().spam()) {
            if (fixedNs < 0 || cell.calls() < 2) {
                return Double.NaN;
            }
            return (elapsedNs - fixedNs) / 1000.0 / (cell.calls() - 1);
        }
        return elapsedNs / 1000.0 / cell.calls();
    }

    /** A run timed by its client, first send to last reply: a spam cell's too when its program timed its calls. */
    public static double ofCallsAlone(Cell cell, long callsNs) {
        return callsNs / 1000.0 / cell.calls();
    }

    /** For cells that are not spam. */
    public static double micros(Cell cell, long elapsedNs) {
        return micros(cell, elapsedNs, -1);
    }
}
