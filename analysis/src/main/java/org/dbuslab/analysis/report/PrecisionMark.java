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
 * (CV) no longer marks a cell: many runs of a noisy cell can still pin its median down. Nor does a narrow interval
 * from fewer than {@link #LEAST_RUNS} runs pass: no interval of a median from so few covers it 95 % of the time.
 */
public final class PrecisionMark {

    public static final double DEFAULT_TARGET_PCT = 5.0;
    /** The fewest runs (blocks) whose median can have a 95% CI at all: 6. */
    public static final int LEAST_RUNS = org.dbuslab.stats.Bootstrap.LEAST_VALUES_FOR_A_MEDIAN;

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

    /** Measured, and its half-width is above the target or cannot be computed, or it has too few runs to hold. */
    public static boolean missed(CellSummary cell, double targetPct) {
        if (cell.runs() == 0) {
            return false;
        }
        double halfWidth = cell.usPerCallHalfWidthPct();
        return tooFewRuns(cell) || !Double.isFinite(halfWidth) || halfWidth > targetPct;
    }

    /**
     * Measured with fewer than {@link #LEAST_RUNS} values: its blocks where it was measured in blocks (the block
     * bootstrap resamples blocks, and a block's runs share much of their variance), else its runs.
     */
    public static boolean tooFewRuns(CellSummary cell) {
        return cell.runs() > 0 && values(cell) < LEAST_RUNS;
    }

    /** The values its interval stands on: blocks, or runs where runs.csv has no blocks. */
    public static int values(CellSummary cell) {
        return cell.blocks() > 0 ? cell.blocks() : cell.runs();
    }

    /** "4 blocks" or, where runs.csv has no blocks, "3 runs": what {@link #values} counts. */
    public static String valuesText(CellSummary cell) {
        return cell.blocks() > 0 ? values(cell) + " block(s)" : values(cell) + " run(s)";
    }

    /** What ⚠ means, for a table's note: "a cell whose 95% CI is wider than ±3.0 %, or that has fewer than 6 runs". */
    public static String meaning(String what, String target) {
        return what + " whose 95% CI is wider than " + target + ", or that has fewer than " + LEAST_RUNS
                + " runs (blocks), from which no interval of a median holds";
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
