package org.dbuslab.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Groups runs into cells and computes each cell's statistics and its ratio to dbus-daemon. Pure computation. */
final class CellSummarizer {

    private static final double NS_PER_S = 1e9;
    private static final double US_PER_S = 1e6;

    private CellSummarizer() {
    }

    /** One summary per cell that has any run (a cell with warm-ups only shows up with 0 runs), in {@link CellOrder}. */
    static List<CellSummary> summarize(List<RunRecord> runs) {
        Map<CellKey, List<RunRecord>> byCell = new LinkedHashMap<>();
        runs.forEach(run -> byCell.computeIfAbsent(run.key(), key -> new ArrayList<>()).add(run));
        List<CellSummary> cells = byCell.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(CellOrder.CELLS))
                .map(entry -> summarize(entry.getKey(), entry.getValue()))
                .toList();
        return cells.stream().map(cell -> cell.withRatio(ratio(cell, cells))).toList();
    }

    private static CellSummary summarize(CellKey key, List<RunRecord> runs) {
        double[] seconds = runs.stream().filter(RunRecord::measured).mapToDouble(run -> run.elapsedNs() / NS_PER_S).toArray();
        SampleStatistics stats = SampleStatistics.of(seconds);
        Counts counts = runs.stream().filter(RunRecord::measured).map(RunRecord::counts).reduce(Counts.ZERO, Counts::plus);
        Counts warmupCounts = runs.stream().filter(run -> !run.measured()).map(RunRecord::counts).reduce(Counts.ZERO, Counts::plus);
        int warmupRuns = (int) runs.stream().filter(run -> !run.measured()).count();
        return new CellSummary(key, stats, warmupRuns,
                stats.median() * US_PER_S / key.calls(),
                stats.mean() * US_PER_S / key.calls(),
                key.calls() / stats.median(),
                null, counts, warmupCounts);
    }

    /**
     * The baseline is the dbus-daemon cell with the same mode, payload and window (comparing different
     * windows would mix up pipelining with transport cost). If dbus-daemon ran that combination with
     * several calls-per-run values, the one with equal calls per run is taken; otherwise there is no ratio.
     */
    private static Double ratio(CellSummary cell, List<CellSummary> cells) {
        List<CellSummary> candidates = cells.stream()
                .filter(c -> c.key().transport().equals(CellOrder.BASELINE_TRANSPORT))
                .filter(c -> c.key().mode().equals(cell.key().mode())
                        && c.key().payloadBytes() == cell.key().payloadBytes()
                        && c.key().window() == cell.key().window())
                .toList();
        Optional<CellSummary> baseline = candidates.stream().filter(c -> c.key().calls() == cell.key().calls()).findFirst()
                .or(() -> candidates.size() == 1 ? Optional.of(candidates.get(0)) : Optional.empty());
        return baseline.map(b -> cell.usPerCallMedian() / b.usPerCallMedian())
                .filter(Double::isFinite)
                .orElse(null);
    }
}
