package org.dbuslab.runner.session;

import java.util.HashMap;
import java.util.Map;

/**
 * The tag of a run's interval in its client's latency log: CELL.bBLOCK, and .r2, .r3 for the cell's later runs in the
 * same block. The calibration blocks after the warm-up run each matrix cell twice, and a tag that appeared twice in a
 * log left the cell's percentiles n/a (10 cells of a default session, 2026-12-05).
 */
final class RunTags {

    /** The block of {@link #runsInBlock}, and how often each cell (by id) has run in it so far. */
    private int block = -1;
    private final Map<String, Integer> runsInBlock = new HashMap<>();

    String next(String cellId, int block) {
        if (block != this.block) {
            this.block = block;
            runsInBlock.clear();
        }
        int n = runsInBlock.merge(cellId, 1, Integer::sum);
        return cellId + ".b" + block + (n == 1 ? "" : ".r" + n);
    }
}
