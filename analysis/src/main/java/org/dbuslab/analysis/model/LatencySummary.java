package org.dbuslab.analysis.model;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayList;
import java.util.List;

/**
 * Per-call round-trip latency of one cell: the measured runs' histograms merged. Values are HdrHistogram's
 * (3 significant digits, so within 0.1 %): a percentile is the smallest recorded value that at least that
 * share of the calls did not exceed. Pure computation on histograms already read.
 *
 * @param count         calls recorded in the histograms
 * @param expectedCount measured runs × calls per run; a difference means calls went untimed or the logs
 *                      do not belong to these runs
 * @param curve         the percentile distribution for the chart, HdrHistogram's usual 5 ticks per half
 */
public record LatencySummary(double p50Us, double p90Us, double p99Us, double p999Us, double maxUs, long count,
                      long expectedCount, List<PercentilePoint> curve) {

    private static final double NS_PER_US = 1e3;
    private static final int TICKS_PER_HALF_DISTANCE = 5;

    public LatencySummary {
        curve = List.copyOf(curve);
    }

    public static LatencySummary of(List<Histogram> histograms, long expectedCount) {
        Histogram merged = new Histogram(3);
        histograms.forEach(merged::add);
        List<PercentilePoint> curve = new ArrayList<>();
        if (merged.getTotalCount() > 0) {
            for (HistogramIterationValue v : merged.percentiles(TICKS_PER_HALF_DISTANCE)) {
                curve.add(new PercentilePoint(v.getPercentileLevelIteratedTo(), v.getValueIteratedTo() / NS_PER_US));
            }
        }
        return new LatencySummary(
                percentileUs(merged, 50), percentileUs(merged, 90), percentileUs(merged, 99), percentileUs(merged, 99.9),
                merged.getTotalCount() == 0 ? Double.NaN : merged.getMaxValue() / NS_PER_US,
                merged.getTotalCount(), expectedCount, curve);
    }

    private static double percentileUs(Histogram histogram, double percentile) {
        return histogram.getTotalCount() == 0 ? Double.NaN : histogram.getValueAtPercentile(percentile) / NS_PER_US;
    }

    public boolean countMatches() {
        return count == expectedCount;
    }
}
