package org.dbuslab.runner.stop;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.Comparison;
import org.dbuslab.format.Series;

/**
 * How many runs a matrix cell makes in the next measured block: one, or more while a subject it belongs to (its own
 * median, a headline comparison it is a side of) is not within the target. On a 2-vCPU VM nearly all of a cell's
 * noise is run to run (Kalibera and Jones: the block-to-block part was 0 % in a default session), so a second run
 * in a block narrows its interval as much as a second block would, and costs a fraction of one: a block also runs
 * its rotation group, and the cross half of a block took 1-2 s of its 7-9 s. A subject whose 95% CI half-width is h
 * against a target t gets ceil(h / t) runs per block, at most {@link #MOST}; cells of subjects already met, or not
 * yet assessed, make one. A real-world path's price (its cell against the same client on the bus directly) is such
 * a subject too, with its own target (issue 24's +-5 %): its two cells run in their rotation group's blocks, a fifth
 * of them, so more runs there are the only way to more values. Other series keep one run per block.
 */
public final class ExtraRuns {

    /** At most this many runs of a cell per block: a block must stay short enough for the others' turns. */
    public static final int MOST = 3;

    private ExtraRuns() {
    }

    /** Runs per block by cell id for the matrix and path cells that get more than one (absent: one). */
    public static Map<String, Integer> of(List<Precision> precision) {
        Map<String, Integer> out = new HashMap<>();
        for (Precision p : precision) {
            if (p == null || p.met() || p.skipped() || !Double.isFinite(p.halfWidthPct()) || !Double.isFinite(p.targetPct())
                    || p.targetPct() <= 0) {
                continue;
            }
            int runs = (int) Math.min(MOST, Math.ceil(p.halfWidthPct() / p.targetPct()));
            if (runs <= 1) {
                continue;
            }
            if (p.isComparison()) {
                Comparison c = p.comparison();
                raise(out, c.subject(), runs);
                raise(out, c.baseline(), runs);
            } else {
                raise(out, p.cell(), runs);
            }
        }
        return out;
    }

    private static void raise(Map<String, Integer> out, Cell cell, int runs) {
        if (cell.series() == Series.MATRIX || cell.series() == Series.PATHS) {
            out.merge(cell.id(), runs, Math::max);
        }
    }
}
