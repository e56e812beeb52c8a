package org.dbuslab.runner.stop;

import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.Comparison;

/**
 * How precise one subject is after some measured blocks: a matrix cell's median us/call ({@code comparison}
 * null) or a headline comparison's paired ratio.
 *
 * @param blocks       measured blocks that gave it a value (for a comparison: on both sides); with rotation a
 *                     rotation group's subject gets one in its group's blocks only
 * @param estimate     the median us/call, or the median of the per-block ratios of medians
 * @param halfWidthPct the 95% CI's half-width in % of the estimate; NaN while undefined
 * @param targetPct    the target; NaN without one (--blocks, --quick)
 * @param metSince     the measured block after which it was met, 0 when not met. A met subject is assessed again
 *                     only when the session would end (PrecisionRule); if it is no longer met then, it loses the
 *                     mark, and a later block that meets it again sets a new one
 * @param skipped      its cells could not run (a transport that did not start): it does not hold the session back
 */
public record Precision(Cell cell, Comparison comparison, int blocks, double estimate, double halfWidthPct, double targetPct,
                        boolean met, int metSince, boolean skipped) {

    public boolean isComparison() {
        return comparison != null;
    }

    public String describe() {
        return comparison != null ? comparison.describe() : "cell " + cell.transport() + " " + cell.mode() + " "
                + cell.payloadBytes() + " B";
    }
}
