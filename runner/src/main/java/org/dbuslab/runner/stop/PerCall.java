package org.dbuslab.runner.stop;

import org.dbuslab.runner.plan.Cell;

/** A run's time per call, the value every precision estimate is made of. */
public final class PerCall {

    private PerCall() {
    }

    /**
     * Microseconds per call: {@code elapsed / calls}. Every client the runner starts times its calls itself, first
     * send to last reply (a spam cell's libdbus-spam too, with --print-elapsed), so nothing is subtracted.
     */
    public static double micros(Cell cell, long elapsedNs) {
        return elapsedNs / 1000.0 / cell.calls();
    }
}
