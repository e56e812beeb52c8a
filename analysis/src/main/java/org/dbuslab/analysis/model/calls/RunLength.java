package org.dbuslab.analysis.model.calls;

import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.read.Environment;
import org.dbuslab.stats.Quantiles;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * How long the matrix's measured runs lasted in one placement, against the run length the session runner calibrated
 * calls per run for (--run-ms). The runner sets each cell's calls once, before the measured blocks (calls are part of
 * the cell), so a host that runs faster or slower after the calibration shows here: on the 2-vCPU AMD VMs of
 * 2026-12-07, 5 of 23 default sessions' median runs lasted 32-39 ms against 50, their host 1.3-1.5x faster than
 * while it calibrated.
 *
 * @param placement the cells' placement
 * @param runs      the measured runs pooled
 * @param medianMs  the median of their durations, in ms
 * @param targetMs  --run-ms as environment.json recorded it; NaN when it did not (calls fixed, or an older folder)
 */
public record RunLength(String placement, int runs, double medianMs, double targetMs) {

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

    /** One per placement of MATRIX (in the cells' order), pooling each cell's measured run durations. */
    public static List<RunLength> of(List<CellSummary> matrix, Environment environment) {
        double target = target(environment).orElse(Double.NaN);
        Map<String, double[]> byPlacement = new LinkedHashMap<>();
        for (CellSummary cell : matrix) {
            byPlacement.merge(cell.key().placement(), cell.runSeconds(), RunLength::concat);
        }
        return byPlacement.entrySet().stream().filter(e -> e.getValue().length > 0)
                .map(e -> new RunLength(e.getKey(), e.getValue().length, 1000 * Quantiles.median(e.getValue()), target))
                .toList();
    }

    /** --run-ms from environment.json, when it recorded a positive number. */
    static OptionalDouble target(Environment environment) {
        Object value = environment.values().get(ENVIRONMENT_KEY);
        if (value instanceof Number n && n.doubleValue() > 0) {
            return OptionalDouble.of(n.doubleValue());
        }
        return OptionalDouble.empty();
    }

    private static double[] concat(double[] a, double[] b) {
        double[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
