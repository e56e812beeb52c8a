package org.dbuslab.stats;

import java.util.function.DoubleUnaryOperator;

/** A confidence interval. Both ends are NaN when it cannot be estimated, e.g. from a single run. */
public record Interval(double low, double high) {

    public static final Interval UNDEFINED = new Interval(Double.NaN, Double.NaN);

    public boolean isDefined() {
        return Double.isFinite(low) && Double.isFinite(high);
    }

    /** True only for a defined interval that lies wholly above or below {@code value}. */
    public boolean excludes(double value) {
        return isDefined() && (value < low || value > high);
    }

    /**
     * Half the interval's width as a percentage of {@code center} (a median, a ratio): the precision that the
     * runner's stopping rule and the report both use. NaN when undefined or when center is not above zero.
     */
    public double halfWidthPercentOf(double center) {
        return isDefined() && center > 0 ? (high - low) / 2 / center * 100 : Double.NaN;
    }

    /** The interval of f(x) for an increasing f, e.g. a unit conversion. */
    public Interval map(DoubleUnaryOperator increasing) {
        return isDefined() ? new Interval(increasing.applyAsDouble(low), increasing.applyAsDouble(high)) : UNDEFINED;
    }
}
