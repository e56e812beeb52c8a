package org.dbuslab.analysis.model;

import org.HdrHistogram.Histogram;
import org.dbuslab.analysis.model.calls.WarmupCalls;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.LatencyHistograms;
import org.dbuslab.analysis.read.LatencyRef;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.stats.BlockBootstrap;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.SampleStatistics;
import org.dbuslab.stats.TukeyFences;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Groups runs into cells and computes each cell's statistics and, for the subject cells, their ratio to dbus-daemon.
 * Pure computation. A cell's µs per call is its median run time / calls, except for spam cells timed from outside
 * with a fixed cost: their runs' (elapsed − fixed) / (calls − 1) differ in fixed cost from round to round, so the
 * median, interval and mean are taken of those per-run values. A cell measured in blocks (a run per block and cell,
 * or a few when the runner adds runs to a path's cell whose price is not yet within its target) gets its medians'
 * intervals from the block bootstrap.
 */
public final class CellSummarizer {

    private static final double NS_PER_S = 1e9;
    private static final double US_PER_S = 1e6;

    private CellSummarizer() {
    }

    public static List<CellSummary> summarize(List<RunRecord> runs) {
        return summarize(runs, LatencyHistograms.NONE, Bootstrap.standard());
    }

    /** One summary per cell that has any run (a cell with warm-ups only shows up with 0 runs), in {@link CellOrder}. */
    public static List<CellSummary> summarize(List<RunRecord> runs, LatencyHistograms latency, Bootstrap bootstrap) {
        Map<CellKey, List<RunRecord>> byCell = new LinkedHashMap<>();
        WarmupCalls.fold(runs).forEach(run -> byCell.computeIfAbsent(run.key(), key -> new ArrayList<>()).add(run));
        List<CellSummary> cells = byCell.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(CellOrder.CELLS))
                .map(entry -> summarize(entry.getKey(), entry.getValue(), latency, bootstrap))
                .toList();
        List<CellSummary> subject = cells.stream().filter(c -> c.key().subject()).toList();
        return cells.stream().map(cell -> !cell.key().subject() ? cell
                : cell.withRatio(BaselineComparisons.baselineOf(cell, subject, CellOrder.BASELINE_TRANSPORT)
                .map(b -> cell.usPerCallMedian() / b.usPerCallMedian())
                .filter(Double::isFinite)
                .orElse(null))).toList();
    }

    private static CellSummary summarize(CellKey key, List<RunRecord> runs, LatencyHistograms latency, Bootstrap bootstrap) {
        List<RunRecord> measured = runs.stream().filter(RunRecord::measured).toList();
        double[] seconds = measured.stream().mapToDouble(run -> run.elapsedNs() / NS_PER_S).toArray();
        SampleStatistics stats = SampleStatistics.of(seconds);
        int[] blocks = measured.stream().mapToInt(run -> run.block() == null ? 0 : run.block()).toArray();
        Interval medianCi = medianInterval(seconds, blocks, bootstrap);
        CpuPerCall cpu = CpuPerCall.of(key, measured);
        CellSummary.AllocPerCall alloc = CellSummary.AllocPerCall.of(measured);
        // a run set aside for a slowed host keeps its failed calls in the counts: they are shown, never dropped
        Counts counts = runs.stream().filter(r -> r.measured() || r.setAsideForHostSpeed()).map(RunRecord::counts)
                .reduce(Counts.ZERO, Counts::plus);
        List<RunRecord> warmups = runs.stream().filter(RunRecord::warmup).toList(); // a run made again is neither
        Counts warmupCounts = warmups.stream().map(RunRecord::counts).reduce(Counts.ZERO, Counts::plus);
        int warmupRuns = warmups.size();
        String expected = runs.stream().map(RunRecord::expected).filter(e -> !e.isEmpty()).findFirst().orElse("");
        double toUsPerCall = US_PER_S / key.calls();
        CellSummary.FixedCost fixedCost = fixedCost(key, measured);
        if (fixedCost.corrected() == 0) {
            double[] us = new double[seconds.length];
            for (int i = 0; i < us.length; i++) {
                us[i] = seconds[i] * US_PER_S / key.calls(); // this order of operations: the comparisons' values stay bit-identical
            }
            return new CellSummary(key, seconds, stats, medianCi, TukeyFences.count(seconds), warmupRuns,
                    stats.median() * toUsPerCall, medianCi.map(s -> s * toUsPerCall),
                    stats.mean() * toUsPerCall,
                    key.calls() / stats.median(),
                    null, counts, warmupCounts, latency(key, measured, latency), us, fixedCost, expected,
                    blocks, cpu, alloc);
        }
        double[] us = measured.stream().mapToDouble(RunRecord::usPerCall).toArray();
        SampleStatistics perCall = SampleStatistics.of(us);
        return new CellSummary(key, seconds, stats, medianCi, TukeyFences.count(seconds), warmupRuns,
                perCall.median(), medianInterval(us, blocks, bootstrap), perCall.mean(), US_PER_S / perCall.median(),
                null, counts, warmupCounts, latency(key, measured, latency), us, fixedCost, expected, blocks, cpu, alloc);
    }

    /** The block bootstrap when the cell was measured in blocks (see {@link RunBlocks}), else the run bootstrap. */
    private static Interval medianInterval(double[] values, int[] blocks, Bootstrap bootstrap) {
        return RunBlocks.of(values, blocks).map(b -> BlockBootstrap.like(bootstrap).ofMedian(b))
                .orElseGet(() -> bootstrap.ofMedian(values));
    }

    private static CellSummary.FixedCost fixedCost(CellKey key, List<RunRecord> measured) {
        if (!key.externallyTimed() && measured.stream().noneMatch(RunRecord::fixedCostCorrected)) {
            return CellSummary.FixedCost.NONE;
        }
        int corrected = (int) measured.stream().filter(RunRecord::fixedCostCorrected).count();
        int missing = (int) measured.stream().filter(RunRecord::fixedCostMissing).count();
        int nonPositive = (int) measured.stream().filter(r -> r.fixedCostCorrected() && r.usPerCall() <= 0).count();
        return new CellSummary.FixedCost(corrected, missing, nonPositive);
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
