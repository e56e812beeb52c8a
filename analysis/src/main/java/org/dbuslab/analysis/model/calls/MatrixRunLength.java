package org.dbuslab.analysis.model.calls;

import org.dbuslab.analysis.model.CellOrder;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.read.Environment;
import org.dbuslab.stats.Quantiles;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;

/**
 * How long the matrix's measured runs lasted in one placement, against the run length the session runner calibrated
 * calls per run for (--run-ms). The runner sets each cell's calls once, after the warm-up (calls are part of the cell),
 * so a host that runs faster or slower after the calibration shows here as runs shorter or longer than the target.
 *
 * @param placement the cells' placement
 * @param runs      the measured runs pooled
 * @param medianMs  the median of their durations, in ms
 * @param targetMs  --run-ms as environment.json recorded it; NaN when it did not (calls fixed, or an older folder)
 */
public record MatrixRunLength(String placement, int runs, double medianMs, double targetMs) {

    /** Within this share of the target the calibration held (issue 21: ±20 %). */
    public static final double TOLERANCE = 0.20;

    /** environment.json's key for --run-ms; null when calls per run were fixed. */
    public static final String ENVIRONMENT_KEY = "run_ms";

    public boolean hasTarget() {
        return Double.isFinite(targetMs) && targetMs > 0;
    }

    /** Median run ÷ target; NaN without a target. */
    public double ratio() {
        return hasTarget() ? medianMs / targetMs : Double.NaN;
    }

    public boolean withinTolerance() {
        return hasTarget() && Math.abs(ratio() - 1) <= TOLERANCE;
    }

    /** Judged, and outside the tolerance (the report warns). */
    public boolean missed() {
        return hasTarget() && !withinTolerance();
    }

    /** "±20 %". */
    public static String toleranceText() {
        return "±" + Math.round(100 * TOLERANCE) + " %";
    }

    /** "--run-ms 50". */
    public String targetText() {
        return "--run-ms " + Math.round(targetMs);
    }

    /** One per placement of MATRIX with measured runs, in the report's order of placements. */
    public static List<MatrixRunLength> of(List<CellSummary> matrix, Environment environment) {
        double target = target(environment).orElse(Double.NaN);
        Map<String, List<CellSummary>> byPlacement = matrix.stream().filter(c -> c.runSeconds().length > 0)
                .collect(Collectors.groupingBy(c -> c.key().placement()));
        return byPlacement.entrySet().stream().sorted(Map.Entry.comparingByKey(CellOrder.PLACEMENT)).map(e -> {
            double[] seconds = e.getValue().stream().flatMapToDouble(c -> DoubleStream.of(c.runSeconds())).toArray();
            return new MatrixRunLength(e.getKey(), seconds.length, 1000 * Quantiles.median(seconds), target);
        }).toList();
    }

    /** --run-ms from environment.json, when it recorded a positive number. */
    static OptionalDouble target(Environment environment) {
        Object value = environment.values().get(ENVIRONMENT_KEY);
        if (value instanceof Number n && n.doubleValue() > 0) {
            return OptionalDouble.of(n.doubleValue());
        }
        return OptionalDouble.empty();
    }
}
