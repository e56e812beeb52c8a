package org.dbuslab.analysis;

import org.dbuslab.analysis.stats.Bootstrap;
import org.dbuslab.analysis.stats.SampleComparison;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything the reports show: what was read, what was computed from it, and what is missing.
 *
 * @param baselines   the transports every other transport is compared with: dbus-daemon, then the user's pick
 * @param comparisons every cell against each baseline's matching cell, in baseline then cell order
 * @param generated   when the reports were made; injected so golden files stay stable
 */
record Analysis(ResultsFolder folder, List<CellSummary> cells, List<String> baselines, List<CellComparison> comparisons,
                RunOrder runOrder, List<DataGap> gaps, Bootstrap bootstrap, double alpha, Instant generated) {

    static Analysis of(ResultsFolder folder, Instant now) {
        return of(folder, now, Optional.empty());
    }

    static Analysis of(ResultsFolder folder, Instant now, Optional<String> extraBaseline) {
        Bootstrap bootstrap = Bootstrap.standard();
        double alpha = SampleComparison.DEFAULT_ALPHA;
        List<CellSummary> cells = CellSummarizer.summarize(folder.runs(), folder.latency(), bootstrap);
        List<String> baselines = new ArrayList<>(List.of(CellOrder.BASELINE_TRANSPORT));
        extraBaseline.filter(b -> !baselines.contains(b)).ifPresent(baselines::add);
        List<DataGap> gaps = GapFinder.find(folder.plan(), cells, folder.skipped());
        return new Analysis(folder, cells, List.copyOf(baselines), BaselineComparisons.compute(cells, baselines, bootstrap, alpha),
                RunOrder.of(folder.runs()), gaps, bootstrap, alpha, now.truncatedTo(ChronoUnit.SECONDS));
    }

    /** Lost, mismatched and errored calls over the measured runs of all cells. */
    Counts totalCounts() {
        return cells.stream().map(CellSummary::counts).reduce(Counts.ZERO, Counts::plus);
    }

    List<CellSummary> cellsWithFailures() {
        return cells.stream().filter(c -> !c.counts().isClean() || !c.warmupCounts().isClean()).toList();
    }

    List<CellSummary> noisyCells() {
        return cells.stream().filter(CellSummary::noisy).toList();
    }

    List<CellSummary> cellsWithLatencyCountMismatch() {
        return cells.stream().filter(CellSummary::latencyCountMismatch).toList();
    }

    List<CellComparison> comparisonsAgainst(String baseline) {
        return comparisons.stream().filter(c -> c.baselineTransport().equals(baseline)).toList();
    }

    /** Whether any measured run names a latency log, readable or not: "not recorded" versus "n/a". */
    boolean latencyRecorded() {
        return folder.runs().stream().anyMatch(r -> r.measured() && r.latency() != null);
    }

    int warmupRunsExcluded() {
        return cells.stream().mapToInt(CellSummary::warmupRuns).sum();
    }

    /** Transports with at least one measured run, in {@link CellOrder}. */
    List<String> transports() {
        return cells.stream().filter(c -> c.runs() > 0).map(c -> c.key().transport()).distinct()
                .sorted(CellOrder.TRANSPORT).toList();
    }

    /** Warnings that come from the statistics rather than from reading: worded for stderr and the report. */
    List<String> analysisWarnings() {
        List<String> warnings = new ArrayList<>();
        cellsWithLatencyCountMismatch().forEach(c -> warnings.add(LatencyText.countMismatch(c)));
        return warnings;
    }
}
