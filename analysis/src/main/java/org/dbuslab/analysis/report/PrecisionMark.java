package org.dbuslab.analysis.report;

import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.format.PrecisionTsv;

import java.util.List;

/**
 * The ⚠ of the report's tables: a cell whose median µs/call is less precise than the target, i.e. whose 95% CI
 * half-width (as % of the median) is above it. The target is the session runner's (precision.tsv) where it set one,
 * else {@value #DEFAULT_TARGET_PCT} %, the widest the lab accepts for any matrix cell. A noisy run-to-run spread alone
 * (CV) no longer marks a cell: many runs of a noisy cell can still pin its median down.
 */
public final class PrecisionMark {

    public static final double DEFAULT_TARGET_PCT = 5.0;

    private PrecisionMark() {
    }

    /** The session's target in %: the first finite target_pct of precision.tsv, else the default. */
    public static double target(Analysis analysis) {
        return analysis.folder().precision().orElse(List.of()).stream().mapToDouble(PrecisionTsv.Row::targetPct)
                .filter(Double::isFinite).filter(t -> t > 0).findFirst().orElse(DEFAULT_TARGET_PCT);
    }

    /** Whether the runner set the target (true) or the report's default applies. */
    public static boolean fromRunner(Analysis analysis) {
        return analysis.folder().precision().orElse(List.of()).stream().mapToDouble(PrecisionTsv.Row::targetPct)
                .anyMatch(t -> Double.isFinite(t) && t > 0);
    }

    /** Measured, and its half-width is above the target or cannot be computed. */
    public static boolean missed(CellSummary cell, double targetPct) {
        if (cell.runs() == 0) {
            return false;
        }
        double halfWidth = cell.usPerCallHalfWidthPct();
        return !Double.isFinite(halfWidth) || halfWidth > targetPct;
    }

    public static String mark(CellSummary cell, double targetPct) {
        return missed(cell, targetPct) ? " ⚠" : "";
    }

    /** "±5.0 %" (report's default) or "±3.0 % (the runner's target)". */
    public static String describe(Analysis analysis) {
        return "±" + Numbers.fixed(target(analysis), 1) + " %" + (fromRunner(analysis) ? " (the runner's target)"
                : " (the report's default: precision.tsv sets no target)");
    }
}
