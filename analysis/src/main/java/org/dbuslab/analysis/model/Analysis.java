package org.dbuslab.analysis.model;

import org.dbuslab.analysis.model.calls.MatrixRunLength;
import org.dbuslab.analysis.model.paths.RealWorldPaths;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.ResultsFolder;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Equivalence;
import org.dbuslab.stats.Quantiles;
import org.dbuslab.stats.SampleComparison;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Everything the reports show: what was read, what was computed from it, and what is missing.
 *
 * @param allCells    every cell of runs.csv: subject, reference, sweep and over-limit cells, in {@link CellOrder}
 * @param baselines   the transports every other transport is compared with: dbus-daemon, then the user's pick
 * @param comparisons every subject cell against each baseline's matching cell, in baseline then cell order
 * @param pipelining  every pipelined subject cell against the sync cell of its transport and payload
 * @param crossing    the price of crossing CPUs: each matrix cell under cross against one-cpu (empty unless both ran)
 * @param health      the lab's overhead over libdbus and the raw-socket floor
 * @param sweep       the pipelining-depth sweep, one series per bus and payload
 * @param sweepSteps  each sweep window against the next smaller one
 * @param checks      the over-limit check(s)
 * @param libraries   "Client libraries": every library pair against libdbus&gt;libdbus and the raw floor, computed once here
 *                    for summary.json, the report's section, the Findings and Precision (each comparison bootstraps)
 * @param lkml        "The 2015 experiment"'s ratios, computed once here like {@code libraries}
 * @param paths       "Real-world paths": each path's price against its direct counterpart and the policy sweeps (issue 24),
 *                    computed once here like {@code libraries}
 * @param scenarios   the client-library scenarios (lab/run-scenarios.sh), when the session ran them
 * @param equivalenceMarginPct the ±% within which a comparison's 90% CI makes two cells "equivalent" (TOST)
 * @param generated   when the reports were made; injected so golden files stay stable
 */
public record Analysis(ResultsFolder folder, List<CellSummary> allCells, List<String> baselines, List<CellComparison> comparisons,
                List<CellComparison> pipelining, List<CrossingPrice> crossing,
                RunOrder runOrder, List<DataGap> gaps, LabHealth health, List<SweepSeries> sweep, List<SweepStep> sweepSteps,
                List<OverLimitCheck> checks, ClientLibraries libraries, LkmlExperiment lkml, RealWorldPaths paths, Scenarios scenarios,
                Bootstrap bootstrap, double alpha, double equivalenceMarginPct, Instant generated) {

    /** The scale session's results (scale-runs.csv), read when asked: absent in every other session. */
    public Optional<ScaleResults> scale() {
        return ScaleResults.read(folder.dir());
    }

    /** The profiling pass's profiles (profiles/, lab/run-all.sh --profile), read when asked: absent without them. */
    public Optional<org.dbuslab.analysis.profile.ProfileSet> profiles() {
        return org.dbuslab.analysis.profile.ProfileSet.read(folder.dir());
    }

    public static Analysis of(ResultsFolder folder, Instant now) {
        return of(folder, now, Optional.empty());
    }

    public static Analysis of(ResultsFolder folder, Instant now, Optional<String> extraBaseline) {
        return of(folder, now, extraBaseline, Equivalence.DEFAULT_MARGIN_PCT);
    }

    public static Analysis of(ResultsFolder folder, Instant now, Optional<String> extraBaseline, double equivalenceMarginPct) {
        Bootstrap bootstrap = Bootstrap.forRuns(folder.runs().stream().filter(RunRecord::measured).count());
        double alpha = SampleComparison.DEFAULT_ALPHA;
        List<CellSummary> all = CellSummarizer.summarize(folder.runs(), folder.latency(), bootstrap);
        List<CellSummary> subject = all.stream().filter(c -> c.key().subject()).toList();
        List<String> baselines = new ArrayList<>(List.of(CellOrder.BASELINE_TRANSPORT));
        extraBaseline.filter(b -> !baselines.contains(b)).ifPresent(baselines::add);
        List<DataGap> gaps = GapFinder.find(folder.plan(), all, folder.skipped());
        List<SweepSeries> sweep = SweepSeries.of(withRole(all, CellKey.Role.SWEEP));
        LabHealth health = LabHealth.of(all, folder.skipped(), bootstrap, alpha);
        return new Analysis(folder, all, List.copyOf(baselines), BaselineComparisons.compute(subject, baselines, bootstrap, alpha,
                        equivalenceMarginPct),
                BaselineComparisons.pipelining(subject, bootstrap, alpha), CrossingPrice.of(subject, bootstrap, alpha),
                RunOrder.of(folder.runs()), gaps, health,
                sweep, SweepStep.of(sweep, bootstrap, alpha), OverLimitCheck.of(withRole(all, CellKey.Role.OVERLIMIT), folder.notes(),
                        folder.plan().orElse(List.of())),
                ClientLibraries.of(all, health, bootstrap, alpha), LkmlExperiment.of(withRole(all, CellKey.Role.LKML), bootstrap, alpha),
                RealWorldPaths.of(withRole(all, CellKey.Role.PATH), bootstrap, alpha, equivalenceMarginPct),
                Scenarios.read(folder.dir()),
                bootstrap, alpha, equivalenceMarginPct, now.truncatedTo(ChronoUnit.SECONDS));
    }

    private static List<CellSummary> withRole(List<CellSummary> cells, CellKey.Role role) {
        return cells.stream().filter(c -> c.key().role() == role).toList();
    }

    /** The subject cells: the Java pair's transport matrix, which the headline, verdicts and details are about. */
    /** The median over the measured matrix cells of their µs/call CI half-width in %; NaN when no cell has one. */
    public double medianHalfWidthPct() {
        return medianHalfWidthPct(cells());
    }

    /** As {@link #medianHalfWidthPct()}, over the matrix cells of one placement. */
    public double medianHalfWidthPct(String placement) {
        return medianHalfWidthPct(cells().stream().filter(c -> c.key().placement().equals(placement)).toList());
    }

    /** The widest µs/call CI half-width in % over the measured matrix cells of one placement; NaN when none has one. */
    public double widestHalfWidthPct(String placement) {
        return cells().stream().filter(c -> c.runs() > 0 && c.key().placement().equals(placement))
                .mapToDouble(CellSummary::usPerCallHalfWidthPct).filter(Double::isFinite).max().orElse(Double.NaN);
    }

    private static double medianHalfWidthPct(List<CellSummary> cells) {
        double[] widths = cells.stream().filter(c -> c.runs() > 0).mapToDouble(CellSummary::usPerCallHalfWidthPct)
                .filter(Double::isFinite).toArray();
        return widths.length == 0 ? Double.NaN : Quantiles.median(widths);
    }

    public List<CellSummary> cells() {
        return withRole(allCells, CellKey.Role.SUBJECT);
    }

    /** libdbus pairs and raw-socket floor. */
    public List<CellSummary> referenceCells() {
        return withRole(allCells, CellKey.Role.REFERENCE);
    }

    public List<CellSummary> sweepCells() {
        return withRole(allCells, CellKey.Role.SWEEP);
    }

    /** The client-library matrix (series libraries). */
    public List<CellSummary> libraryCells() {
        return withRole(allCells, CellKey.Role.LIBRARY);
    }

    /** The 2015 experiment (series lkml). */
    public List<CellSummary> lkmlCells() {
        return withRole(allCells, CellKey.Role.LKML);
    }

    /** Real-world paths and policy weight (series paths and policy). */
    public List<CellSummary> pathCells() {
        return withRole(allCells, CellKey.Role.PATH);
    }

    /** Subject then reference cells: the cells of the detail and latency tables. */
    public List<CellSummary> tableCells() {
        List<CellSummary> cells = new ArrayList<>(cells());
        cells.addAll(referenceCells());
        return cells;
    }

    /** Every cell whose calls must all succeed: all but the over-limit check, whose errors are its purpose. */
    public List<CellSummary> checkedCells() {
        return allCells.stream().filter(c -> c.key().role() != CellKey.Role.OVERLIMIT).toList();
    }

    /** Lost, mismatched and errored calls over the measured runs of all cells but the over-limit check. */
    public Counts totalCounts() {
        return checkedCells().stream().map(CellSummary::counts).reduce(Counts.ZERO, Counts::plus);
    }

    public List<CellSummary> cellsWithFailures() {
        return checkedCells().stream().filter(CellSummary::failed).toList();
    }

    /** Noisy subject and reference cells (the sweep table marks its own). */
    public List<CellSummary> noisyCells() {
        return tableCells().stream().filter(CellSummary::noisy).toList();
    }

    public List<CellSummary> twoSpeedCells() {
        return tableCells().stream().filter(CellSummary::twoSpeeds).toList();
    }

    public List<CellSummary> cellsWithLatencyCountMismatch() {
        return checkedCells().stream().filter(CellSummary::latencyCountMismatch).toList();
    }

    public List<OverLimitCheck> failedChecks() {
        return checks.stream().filter(c -> !c.asExpected()).toList();
    }

    public List<CellComparison> comparisonsAgainst(String baseline) {
        return comparisons.stream().filter(c -> c.baselineTransport().equals(baseline)).toList();
    }

    /** Whether any measured run names a latency log, readable or not: "not recorded" versus "n/a". */
    public boolean latencyRecorded() {
        return folder.runs().stream().anyMatch(r -> r.measured() && r.latency() != null);
    }

    /** The Java clients' JIT activity during their runs; empty when runs.csv has no jit_ms. */
    public Optional<JitActivity> jit() {
        return JitActivity.of(folder.runs());
    }

    public int warmupRunsExcluded() {
        return allCells.stream().mapToInt(CellSummary::warmupRuns).sum();
    }

    /** Transports with at least one measured subject run, in {@link CellOrder}. */
    public List<String> transports() {
        return cells().stream().filter(c -> c.runs() > 0).map(c -> c.key().transport()).distinct()
                .sorted(CellOrder.TRANSPORT).toList();
    }

    /** The placements of the measured subject cells, in {@link CellOrder#PLACEMENT} order. */
    public List<String> placements() {
        return cells().stream().filter(c -> c.runs() > 0).map(c -> c.key().placement()).distinct()
                .sorted(CellOrder.PLACEMENT).toList();
    }

    /** Whether the matrix was measured under more than one placement: the reports then name each cell's. */
    public boolean placementIsAFactor() {
        return placements().size() > 1;
    }

    /**
     * The headline comparisons (against the headline baseline) of one placement: how many, how many are resolved (ratio
     * CI within ±3% or equivalent) and how many equivalent. Issue 21 counts them once per placement.
     */
    public record Resolution(String placement, String baseline, int comparisons, int resolved, int equivalent) {
    }

    public List<Resolution> headlineResolution() {
        String baseline = baselines.get(baselines.size() - 1);
        List<CellComparison> headline = comparisonsAgainst(baseline);
        return placements().stream().map(p -> {
            List<CellComparison> these = headline.stream().filter(c -> c.cell().key().placement().equals(p)).toList();
            return new Resolution(p, baseline, these.size(), (int) these.stream().filter(CellComparison::resolved).count(),
                    (int) these.stream().filter(CellComparison::equivalent).count());
        }).toList();
    }

    /** How long the matrix's measured runs lasted per placement, against --run-ms. */
    public List<MatrixRunLength> runLengths() {
        return MatrixRunLength.of(cells(), folder.environment());
    }

    /** The placements the cells of a role (reference, libraries, 2015 experiment, sweep) were measured in. */
    public List<String> placementsOf(CellKey.Role role) {
        return withRole(allCells, role).stream().filter(c -> c.runs() > 0).map(c -> c.key().placement()).distinct()
                .sorted(CellOrder.PLACEMENT).toList();
    }

    /** Whether any measured run has a CPU time (runs.csv's cpu_*_ns). */
    public boolean cpuRecorded() {
        return allCells.stream().anyMatch(c -> c.cpu().measured());
    }

    /** The cells of "Where the time goes": the Java pair's matrix and the libdbus pairs, measured, in table order. */
    public List<CellSummary> timeCells() {
        return allCells.stream().filter(c -> c.runs() > 0)
                .filter(c -> c.key().subject() || c.key().role() == CellKey.Role.REFERENCE && CellKey.LIBDBUS_PAIRS.contains(c.key().pair()))
                .sorted(Comparator.comparing((CellSummary c) -> c.key().transport(), CellOrder.TRANSPORT)
                        .thenComparing(c -> c.key().mode(), CellOrder.MODE)
                        .thenComparingInt(c -> c.key().payloadBytes())
                        .thenComparingInt(c -> c.key().window())
                        .thenComparingInt(c -> PAIR_ORDER.indexOf(c.key().pair())))
                .toList();
    }

    private static final List<String> PAIR_ORDER = List.of(CellKey.SUBJECT_PAIR, CellKey.LIBDBUS_PAIR, CellKey.JAVA_CLIENT_PAIR,
            CellKey.JAVA_SERVER_PAIR);

    /** Every comparison the reports show with the name of its group: for "which comparisons are paired". */
    public Map<String, List<SampleComparison>> comparisonGroups() {
        Map<String, List<SampleComparison>> groups = new LinkedHashMap<>();
        groups.put("transport verdicts", comparisons.stream().map(CellComparison::result).toList());
        List<SampleComparison> overhead = new ArrayList<>();
        health.overhead().forEach(row -> Stream.of(row.client(), row.server())
                .filter(Objects::nonNull).forEach(o -> overhead.add(o.result())));
        groups.put("client and server × libdbus", overhead);
        groups.put("× raw-socket floor", health.floor().stream().map(LabHealth.FloorRow::result).toList());
        groups.put("sweep steps", sweepSteps.stream().map(SweepStep::result).toList());
        groups.putAll(ClientLibraries.comparisonGroups(libraries, lkml));
        groups.putAll(paths.comparisonGroups());
        return groups;
    }

    /** Whether runs.csv has anything beyond the subject matrix (reference, sweep or over-limit rows). */
    public boolean hasLabSeries() {
        return allCells.stream().anyMatch(c -> !c.key().subject());
    }

    /** Warnings that come from the statistics rather than from reading: worded for stderr and the report. */
    public List<String> analysisWarnings() {
        List<String> warnings = new ArrayList<>(latencyWarnings());
        warnings.addAll(fixedCostWarnings());
        return warnings;
    }

    public List<String> latencyWarnings() {
        return cellsWithLatencyCountMismatch().stream().map(LatencyText::countMismatch).toList();
    }

    /** Spam cells whose per-call time could not be corrected for the fixed cost, or came out at or below zero. */
    public List<String> fixedCostWarnings() {
        List<String> warnings = new ArrayList<>();
        allCells.stream().filter(c -> c.fixedCost().missing() > 0).forEach(c -> warnings.add(c.key().label() + ": fixed_ns missing in "
                + c.fixedCost().missing() + " of " + c.runs() + " measured spam run(s); those use elapsed / calls, which includes "
                + "process start-up and connecting"));
        allCells.stream().filter(c -> c.fixedCost().nonPositive() > 0).forEach(c -> warnings.add(c.key().label() + ": in "
                + c.fixedCost().nonPositive() + " run(s) fixed_ns is as large as the whole run, so (elapsed − fixed) / (calls − 1) "
                + "is not above zero; measure more calls per run"));
        return warnings;
    }
}
