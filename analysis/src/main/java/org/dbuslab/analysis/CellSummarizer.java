package org.dbuslab.analysis;

import org.dbuslab.analysis.stats.Bootstrap;
import org.dbuslab.analysis.stats.Interval;
import org.dbuslab.analysis.stats.TukeyFences;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Groups runs into cells and computes each cell's statistics and its ratio to dbus-daemon. Pure computation. */
final class CellSummarizer {

    private static final double NS_PER_S = 1e9;
    private static final double US_PER_S = 1e6;

    private CellSummarizer() {
    }

    static List<CellSummary> summarize(List<RunRecord> runs) {
        return summarize(runs, LatencyHistograms.NONE, Bootstrap.standard());
    }

    /** One summary per cell that has any run (a cell with warm-ups only shows up with 0 runs), in {@link CellOrder}. */
    static List<CellSummary> summarize(List<RunRecord> runs, LatencyHistograms latency, Bootstrap bootstrap) {
        Map<CellKey, List<RunRecord>> byCell = new LinkedHashMap<>();
        runs.forEach(run -> byCell.computeIfAbsent(run.key(), key -> new ArrayList<>()).add(run));
        List<CellSummary> cells = byCell.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(CellOrder.CELLS))
                .map(entry -> summarize(entry.getKey(), entry.getValue(), latency, bootstrap))
                .toList();
        return cells.stream().map(cell -> cell.withRatio(BaselineMatcher.find(cell, cells, CellOrder.BASELINE_TRANSPORT)
                .map(b -> cell.usPerCallMedian() / b.usPerCallMedian())
                .filter(Double::isFinite)
                .orElse(null))).toList();
    }

    private static CellSummary summarize(CellKey key, List<RunRecord> runs, LatencyHistograms latency, Bootstrap bootstrap) {
        List<RunRecord> measured = runs.stream().filter(RunRecord::measured).toList();
        double[] seconds = measured.stream().mapToDouble(run -> run.elapsedNs() / NS_PER_S).toArray();
        SampleStatistics stats = SampleStatistics.of(seconds);
        Interval medianCi = bootstrap.ofMedian(seconds);
        Counts counts = measured.stream().map(RunRecord::counts).reduce(Counts.ZERO, Counts::plus);
        Counts warmupCounts = runs.stream().filter(run -> !run.measured()).map(RunRecord::counts).reduce(Counts.ZERO, Counts::plus);
        int warmupRuns = runs.size() - measured.size();
        double toUsPerCall = US_PER_S / key.calls();
        return new CellSummary(key, seconds, stats, medianCi, TukeyFences.count(seconds), warmupRuns,
                stats.median() * toUsPerCall, medianCi.map(s -> s * toUsPerCall),
                stats.mean() * toUsPerCall,
                key.calls() / stats.median(),
                null, counts, warmupCounts, latency(key, measured, latency));
    }

    /**
     * Merges the measured runs' histograms. Runs without a latency_log simply add nothing (the count check
     * then shows the gap); a run whose log could not be read makes the whole cell n/a, because percentiles
     * of a silently partial set would look complete.
     */
    private static LatencySummary latency(CellKey key, List<RunRecord> measured, LatencyHistograms latency) {
        List<LatencyRef> refs = measured.stream().map(RunRecord::latency).filter(Objects::nonNull).toList();
        if (refs.isEmpty() || refs.stream().anyMatch(latency::isUnreadable)) {
            return null;
        }
        List<Histogram> histograms = refs.stream().map(ref -> latency.of(ref).orElse(null)).filter(Objects::nonNull).toList();
        if (histograms.size() < refs.size()) {
            return null;
        }
        return LatencySummary.of(histograms, (long) measured.size() * key.calls());
    }
}
