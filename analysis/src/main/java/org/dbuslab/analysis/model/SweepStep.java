package org.dbuslab.analysis.model;

import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.List;

/**
 * One step of a sweep: a window's µs per call against the next smaller window's of the same series (paired by
 * block when both were measured in the same blocks). Whether a deeper pipeline still pays is this comparison:
 * calls per second gain = 1 / ratio.
 */
public record SweepStep(SweepSeries series, CellSummary point, CellSummary previous, SampleComparison result) {

    /** The steps of every series, between consecutive measured windows. */
    public static List<SweepStep> of(List<SweepSeries> sweep, Bootstrap bootstrap, double alpha) {
        List<SweepStep> steps = new ArrayList<>();
        for (SweepSeries series : sweep) {
            List<CellSummary> measured = series.points().stream().filter(p -> p.runs() > 0).toList();
            for (int i = 1; i < measured.size(); i++) {
                steps.add(new SweepStep(series, measured.get(i), measured.get(i - 1),
                        RunBlocks.compare(measured.get(i), measured.get(i - 1), bootstrap, alpha)));
            }
        }
        return steps;
    }

    /** calls/s of this window over the previous window's: above 1, the deeper pipeline is faster. */
    public double gain() {
        return 1 / result.ratioOfMedians();
    }

    public Interval gainCi95() {
        Interval ratio = result.ratioInterval();
        return ratio.isDefined() && ratio.low() > 0 ? new Interval(1 / ratio.high(), 1 / ratio.low()) : Interval.UNDEFINED;
    }
}
