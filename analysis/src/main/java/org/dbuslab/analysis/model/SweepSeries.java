package org.dbuslab.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pipelining-depth sweep of one bus and payload (issue 5.5): throughput per window, and where it saturates.
 * Pure computation on the sweep cells.
 *
 * <p>Saturation window: the smallest window whose calls per second (calls / median run time) are within
 * {@value #SATURATION_WITHIN} (as a fraction) of the best window's. Only clean points count: a window with lost,
 * mismatched or errored calls (e.g. refused by the bus) is shown but never the best nor the saturation point.
 *
 * @param points one cell per window, smallest window first
 */
public record SweepSeries(String transport, String mode, int payloadBytes, List<CellSummary> points) {

    public static final double SATURATION_WITHIN = 0.05;

    public static List<SweepSeries> of(List<CellSummary> sweepCells) {
        Map<List<Object>, Map<Integer, CellSummary>> grouped = new LinkedHashMap<>();
        sweepCells.stream()
                .sorted(Comparator.comparing((CellSummary c) -> c.key().transport(), CellOrder.TRANSPORT)
                        .thenComparing(c -> c.key().mode(), CellOrder.MODE)
                        .thenComparingInt(c -> c.key().payloadBytes())
                        .thenComparingInt(c -> c.key().window())
                        .thenComparing(Comparator.comparingInt(CellSummary::runs).reversed()))
                .forEach(c -> grouped.computeIfAbsent(List.of(c.key().transport(), c.key().mode(), c.key().payloadBytes()),
                        k -> new LinkedHashMap<>()).putIfAbsent(c.key().window(), c));
        List<SweepSeries> series = new ArrayList<>();
        grouped.forEach((k, byWindow) -> series.add(new SweepSeries((String) k.get(0), (String) k.get(1), (Integer) k.get(2),
                List.copyOf(byWindow.values()))));
        return series;
    }

    /** A point that may be the best or the saturation point: measured, clean, with a finite rate. */
    public static boolean usable(CellSummary point) {
        return point.runs() > 0 && !point.failed() && Double.isFinite(point.callsPerSecond());
    }

    public Optional<CellSummary> best() {
        return points.stream().filter(SweepSeries::usable).max(Comparator.comparingDouble(CellSummary::callsPerSecond));
    }

    public Optional<CellSummary> saturation() {
        return best().flatMap(best -> points.stream().filter(SweepSeries::usable)
                .filter(p -> p.callsPerSecond() >= (1 - SATURATION_WITHIN) * best.callsPerSecond())
                .min(Comparator.comparingInt(p -> p.key().window())));
    }

    /**
     * Whether the sweep shows where throughput stops growing: its saturation point is not its largest usable window.
     * Where it is, no smaller window came within {@link #SATURATION_WITHIN} of the best, and a deeper pipeline might
     * still gain.
     */
    public boolean saturatesWithinSweep() {
        int largest = points.stream().filter(SweepSeries::usable).mapToInt(p -> p.key().window()).max().orElse(0);
        return saturation().map(s -> s.key().window() < largest).orElse(false);
    }

    /** This point's calls per second as a fraction of the best's; NaN without a best. */
    public double ofBest(CellSummary point) {
        return best().map(b -> point.callsPerSecond() / b.callsPerSecond()).orElse(Double.NaN);
    }

    public List<Integer> windows() {
        return points.stream().map(p -> p.key().window()).toList();
    }
}
