package org.dbuslab.runner.session;

import org.dbuslab.format.Phase;
import org.dbuslab.runner.plan.Cell;

import java.util.HashMap;
import java.util.Map;

/** runs.csv's {@code run} column: 1, 2, … per cell and phase over the session. */
final class RunNumbers {

    private final Map<String, Integer> made = new HashMap<>();

    /** The number of the cell's next run in this phase. */
    int next(Cell cell, Phase phase) {
        return made.merge(cell.id() + "/" + phase.label(), 1, Integer::sum);
    }
}
