package org.dbuslab.analysis.output;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellComparison;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.EnvironmentView;
import org.dbuslab.analysis.model.LabHealth;
import org.dbuslab.analysis.model.OverLimitCheck;
import org.dbuslab.analysis.model.RunBlocks;
import org.dbuslab.analysis.model.RunOrder;
import org.dbuslab.analysis.model.SweepSeries;
import org.dbuslab.analysis.model.SweepStep;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.Environment;
import org.dbuslab.analysis.report.Verdicts;
import org.dbuslab.analysis.report.Warnings;
import org.dbuslab.stats.Direction;
import org.dbuslab.stats.SampleComparison;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.dbuslab.analysis.output.JsonValues.JSON;
import static org.dbuslab.analysis.output.JsonValues.interval;
import static org.dbuslab.analysis.output.JsonValues.number;
import static org.dbuslab.analysis.output.JsonValues.test;

/**
 * Renders summary.json. The tree is built by hand so the key names are the contract's, and so undefined
 * values (NaN) become JSON null instead of Jackson's non-standard NaN. Jackson writes numbers with '.'
 * whatever the default locale. Fields are only ever added, never renamed: programs read this file.
 */
public final class SummaryJson implements ReportWriter {

    public static final String FILE = "summary.json";

    @Override
    public String fileName() {
        return FILE;
    }


    @Override
    public String render(Analysis analysis) {
        StringWriter out = new StringWriter();
        try {
            writeTo(out, analysis);
        } catch (IOException e) {
            throw new UncheckedIOException("a StringWriter does not fail", e);
        }
        return out.toString();
    }

    /** Streamed, not rendered to one String: run_order lists every run, 10^6 in a big folder. */
    @Override
    public Path write(Analysis analysis, Path dir) throws IOException {
        Path target = dir.resolve(FILE);
        AtomicFiles.writeUtf8(target, out -> writeTo(out, analysis));
        return target;
    }

    /**
     * The tree of everything but run_order's runs, written through one pretty-printing generator; the runs are
     * streamed into their place, so a folder of 10^6 runs never holds 10^6 JSON objects at once.
     */
    private static void writeTo(Writer out, Analysis analysis) throws IOException {
        ObjectNode root = tree(analysis);
        // not closed: that would close OUT, which belongs to the caller
        JsonGenerator g = JSON.writer().createGenerator(out);
        g.writeStartObject();
        for (Map.Entry<String, JsonNode> field : root.properties()) {
            g.writeFieldName(field.getKey());
            if (field.getKey().equals(RUN_ORDER)) {
                runOrder(g, (ObjectNode) field.getValue(), analysis.runOrder());
            } else {
                JSON.writeTree(g, field.getValue());
            }
        }
        g.writeEndObject();
        g.writeRaw('\n');
        g.flush();
    }

    private static final String RUN_ORDER = "run_order";

    private static ObjectNode tree(Analysis analysis) {
        ObjectNode root = JSON.createObjectNode();
        Environment environment = analysis.folder().environment();
        Map<String, Object> orderedEnvironment = new LinkedHashMap<>();
        EnvironmentView.orderedKeys(environment.values().keySet()).forEach(k -> orderedEnvironment.put(k, environment.values().get(k)));
        root.set("environment", JSON.valueToTree(orderedEnvironment));
        root.put("environment_recorded", environment.recorded());
        statistics(root.putObject("statistics"), analysis);
        ArrayNode baselines = root.putArray("baselines");
        analysis.baselines().forEach(baselines::add);
        root.put("warmup_runs_excluded", analysis.warmupRunsExcluded());
        analysis.jit().ifPresent(j -> root.putObject("jit")
                .put("measured_runs", j.measuredRuns())
                .put("measured_runs_without_compilation", j.quietRuns())
                .put("measured_jit_ms_median", j.medianMs())
                .put("measured_jit_ms_max", j.max().jitMs())
                .put("measured_jit_ms_total", j.measuredJitMs())
                .put("measured_jit_share", j.measuredShare())
                .put("measured_runs_busy_compiling", j.busyRuns().size())
                .put("warmup_runs", j.warmupRuns())
                .put("warmup_jit_ms_total", j.warmupJitMs())
                .put("measured_runs_redone", j.redoneRuns())
                .put("redone_jit_ms_total", j.redoneJitMs()));
        HostSpeedJson.write(root, analysis.folder());
        ArrayNode cells = root.putArray("cells");
        analysis.cells().forEach(cell -> cells.add(CellJson.cell(cell, analysis)));
        ArrayNode referenceCells = root.putArray("reference_cells");
        analysis.referenceCells().forEach(cell -> referenceCells.add(CellJson.cell(cell, analysis)));
        ArrayNode sweepCells = root.putArray("sweep_cells");
        analysis.sweepCells().forEach(cell -> sweepCells.add(CellJson.cell(cell, analysis)));
        LibraryJson.write(root, analysis);
        PathsJson.write(root, analysis);
        PlacementJson.write(root, analysis);
        overhead(root.putArray("overhead"), analysis.health());
        floor(root.putArray("floor"), analysis.health());
        sweep(root.putArray("sweep"), analysis.sweep(), analysis.sweepSteps());
        checks(root.putArray("checks"), analysis.checks());
        analysis.scale().ifPresent(scale -> ScaleSummaryJson.addTo(root, scale));
        ArrayNode notes = root.putArray("notes");
        analysis.folder().notes().forEach(n -> notes.addObject().put("topic", n.topic()).put("outcome", n.outcome()).put("text", n.text()));
        // A line naming a libdbus pair ("dbus-daemon libdbus-java") explains that pair only: skipped_pairs, not skipped.
        ArrayNode skipped = root.putArray("skipped");
        analysis.folder().skipped().stream().filter(s -> s.pair() == null)
                .forEach(s -> skipped.addObject().put("transport", s.transport()).put("reason", s.reason()));
        ArrayNode skippedPairs = root.putArray("skipped_pairs");
        analysis.folder().skipped().stream().filter(s -> s.pair() != null)
                .forEach(s -> skippedPairs.addObject().put("transport", s.bus()).put("pair", s.pair()).put("reason", s.reason()));
        ArrayNode missing = root.putArray("missing");
        analysis.gaps().forEach(gap -> missing.addObject()
                .put("transport", gap.transport())
                .put("cell", gap.cell() == null ? null : gap.cell().label())
                .put("problem", gap.problem()));
        runOrderGroups(root.putObject(RUN_ORDER), analysis.runOrder());
        ArrayNode warnings = root.putArray("warnings");
        analysis.folder().warnings().forEach(warnings::add);
        ArrayNode analysisWarnings = root.putArray("analysis_warnings");
        Warnings.sentences(analysis).forEach(analysisWarnings::add);
        root.put("generated_utc", analysis.generated().toString());
        return root;
    }

    /** How the numbers were computed, so a program can tell whether two summaries are comparable. */
    private static void statistics(ObjectNode node, Analysis analysis) {
        node.put("confidence", analysis.bootstrap().confidence())
                .put("bootstrap", "percentile")
                .put("bootstrap_resamples", analysis.bootstrap().resamples())
                .put("bootstrap_seed", analysis.bootstrap().seed())
                .put("quantiles", "Hyndman-Fan type 7 (numpy.percentile default)")
                .put("mean_interval", "Student t")
                .put("significance_test", "Mann-Whitney U, two-sided, as scipy.stats.mannwhitneyu method='auto'")
                .put("alpha", analysis.alpha())
                .put("paired_significance_test", "Wilcoxon signed-rank, two-sided, of the per-block log ratios of medians "
                        + "(commons-math3 WilcoxonSignedRankTest, exact up to 20 blocks)")
                .put("significant_when", "bootstrap CI of the ratio excludes 1 and Mann-Whitney p < alpha "
                        + "(Wilcoxon signed-rank p when paired; see paired_when for the paired ratio)")
                .put("equivalence_margin_pct", analysis.equivalenceMarginPct())
                .put("equivalent_when", "TOST at alpha: the 90% (1 - 2 alpha) bootstrap CI of the ratio, paired as the "
                        + "comparison, lies within 1 -/+ equivalence_margin_pct / 100")
                .put("resolved_when", "the ratio's 95% CI half-width <= " + CellComparison.RESOLVED_HALF_WIDTH_PCT
                        + "% of the ratio, or equivalent")
                .put("noisy_cv_above", CellSummary.NOISY_CV)
                .put("two_speeds_quartile_ratio_above", CellSummary.TWO_SPEEDS_QUARTILE_RATIO)
                .put("outliers", "Tukey fences: mild beyond 1.5 IQR, severe beyond 3 IQR; kept in the data")
                .put("spam_us_per_call", "(elapsed_ns - fixed_ns) / (calls - 1) per run when fixed_ns is given, else elapsed_ns / calls; "
                        + "median, interval and mean over the runs")
                .put("client_overhead_target_ratio", LabHealth.CLIENT_TARGET_RATIO)
                .put("server_overhead_target_ratio", LabHealth.SERVER_TARGET_RATIO)
                .put("overhead_upper_bound_target", LabHealth.UPPER_BOUND_TARGET)
                .put("floor_target_ratio", LabHealth.FLOOR_TARGET_RATIO)
                .put("meets_target_when", "overhead: ratio of medians <= its target_ratio and the ratio's 95% CI upper bound <= "
                        + "overhead_upper_bound_target (null: the ratio is within its target but too few runs give no CI); floor (p2p transports only): ratio of medians <= floor_target_ratio")
                .put("paired_when", "both cells' measured runs all carry a block (runs.csv round), one run or a few per block, and at least "
                        + RunBlocks.MIN_BLOCKS + " blocks hold runs of both; then the ratio (and difference) is the median "
                        + "over the blocks of each block's ratio (difference) of medians, its CI the block bootstrap of that "
                        + "median, and the test Wilcoxon signed-rank of the same per-block log ratios (commons-math3, exact up "
                        + "to 20 blocks), instead of the ratio of medians, the run bootstrap and Mann-Whitney U")
                .put("cell_interval", "block bootstrap of the median when the cell's runs are one per block in at least "
                        + RunBlocks.MIN_BLOCKS + " blocks, else the run bootstrap")
                .put("halfwidth_pct", "(ci95_high - ci95_low) / 2 / median * 100")
                .put("cpu_us_per_call", "median over the measured runs of cpu_<component>_ns / calls / 1000; null when no "
                        + "measured run has the value; bus 0 for p2p-* and raw-* transports; in libdbus spam rows bus, "
                        + "server and path cover the spam process's whole life, and in method spam rows the client too")
                .put("sweep_saturation_within", SweepSeries.SATURATION_WITHIN)
                .put("sweep_saturation_window", "smallest window whose calls_per_second is within sweep_saturation_within of "
                        + "the best clean window's");
    }

    private static void overhead(ArrayNode array, LabHealth health) {
        for (LabHealth.OverheadRow row : health.overhead()) {
            ObjectNode node = array.addObject()
                    .put("transport", row.transport())
                    .put("mode", row.mode())
                    .put("payload_bytes", row.payloadBytes())
                    .put("window", row.window());
            ObjectNode pairs = node.putObject("us_per_call");
            for (String pair : java.util.List.of(CellKey.LIBDBUS_PAIR, CellKey.JAVA_CLIENT_PAIR, CellKey.JAVA_SERVER_PAIR,
                    CellKey.SUBJECT_PAIR)) {
                CellSummary cell = row.byPair().get(pair);
                if (cell == null) {
                    pairs.putNull(pair);
                    continue;
                }
                ObjectNode p = pairs.putObject(pair)
                        .put("runs", cell.runs())
                        .put("calls_per_run", cell.key().calls())
                        .put("method", cell.key().method());
                number(p, "median", cell.usPerCallMedian());
                interval(p, "median_ci95", cell.usPerCallMedianCi95());
                p.put("noisy", cell.noisy());
            }
            pairOverhead(node, "client_overhead", row.client());
            pairOverhead(node, "server_overhead", row.server());
        }
    }

    private static void pairOverhead(ObjectNode node, String key, LabHealth.PairOverhead overhead) {
        if (overhead == null) {
            node.putNull(key);
            return;
        }
        SampleComparison r = overhead.result();
        ObjectNode o = node.putObject(key).put("pair", overhead.pair()).put("baseline_pair", overhead.baselinePair());
        number(o, "diff_us_per_call", r.difference());
        interval(o, "diff_us_per_call_ci95", r.differenceInterval());
        number(o, "ratio", r.ratioOfMedians());
        interval(o, "ratio_ci95", r.ratioInterval());
        test(o, r);
        o.put("target_ratio", overhead.target()).put("upper_bound_target", LabHealth.UPPER_BOUND_TARGET)
                .put("meets_target", overhead.judgeable() ? overhead.meetsTarget() : null);
    }

    private static void floor(ArrayNode array, LabHealth health) {
        for (LabHealth.FloorRow row : health.floor()) {
            CellKey key = row.cell().key();
            SampleComparison r = row.result();
            ObjectNode node = array.addObject()
                    .put("transport", key.transport())
                    .put("mode", key.mode())
                    .put("payload_bytes", key.payloadBytes())
                    .put("window", key.window())
                    .put("calls_per_run", key.calls())
                    .put("floor_transport", row.floor().key().transport())
                    .put("placement", key.placement());
            number(node, "us_per_call_median", row.cell().usPerCallMedian());
            number(node, "floor_us_per_call_median", row.floor().usPerCallMedian());
            number(node, "ratio", r.ratioOfMedians());
            interval(node, "ratio_ci95", r.ratioInterval());
            number(node, "diff_us_per_call", r.difference());
            interval(node, "diff_us_per_call_ci95", r.differenceInterval());
            test(node, r);
            if (row.targeted()) {
                node.put("target_ratio", LabHealth.FLOOR_TARGET_RATIO).put("meets_target", row.meetsTarget());
            }
        }
    }

    private static void sweep(ArrayNode array, java.util.List<SweepSeries> sweep, java.util.List<SweepStep> steps) {
        for (SweepSeries series : sweep) {
            ObjectNode node = array.addObject()
                    .put("transport", series.transport())
                    .put("mode", series.mode())
                    .put("payload_bytes", series.payloadBytes());
            ArrayNode points = node.putArray("points");
            for (CellSummary point : series.points()) {
                ObjectNode p = points.addObject()
                        .put("window", point.key().window())
                        .put("calls_per_run", point.key().calls())
                        .put("runs", point.runs());
                number(p, "us_per_call_median", point.usPerCallMedian());
                interval(p, "us_per_call_median_ci95", point.usPerCallMedianCi95());
                number(p, "calls_per_second", point.callsPerSecond());
                interval(p, "calls_per_second_ci95", point.callsPerSecondCi95());
                number(p, "of_best", series.ofBest(point));
                Counts c = point.counts().plus(point.warmupCounts());
                p.put("clean", !point.failed()).put("lost", c.lost()).put("mismatched", c.mismatched()).put("errors", c.errors())
                        .put("noisy", point.noisy());
                steps.stream().filter(s -> s.point() == point).findFirst().ifPresentOrElse(s -> {
                    ObjectNode step = p.putObject("vs_previous_window").put("window", s.previous().key().window());
                    number(step, "calls_per_second_ratio", s.gain());
                    interval(step, "calls_per_second_ratio_ci95", s.gainCi95());
                    step.put("verdict", s.result().direction() == Direction.NOT_SIGNIFICANT
                            ? Verdicts.of(s.result().direction())
                            : s.gain() > 1 ? "more calls/s" : "fewer calls/s");
                    test(step, s.result());
                }, () -> p.putNull("vs_previous_window"));
            }
            series.best().ifPresentOrElse(b -> node.put("best_window", b.key().window()), () -> node.putNull("best_window"));
            number(node, "best_calls_per_second", series.best().map(CellSummary::callsPerSecond).orElse(Double.NaN));
            series.saturation().ifPresentOrElse(sat -> node.put("saturation_window", sat.key().window()),
                    () -> node.putNull("saturation_window"));
            node.put("saturation_within", SweepSeries.SATURATION_WITHIN);
            node.put("saturates_within_sweep", series.saturatesWithinSweep());
        }
    }

    private static void checks(ArrayNode array, java.util.List<OverLimitCheck> checks) {
        for (OverLimitCheck check : checks) {
            ObjectNode node = array.addObject().put("check", "over-limit");
            CellSummary cell = check.cell();
            node.put("transport", check.key() == null ? null : check.key().transport())
                    .put("bus", check.bus());
            if (check.limit() == null) {
                node.putNull("max_replies_per_connection");
            } else {
                node.put("max_replies_per_connection", check.limit());
            }
            if (check.key() == null) {
                node.putNull("window").putNull("calls_per_run");
            } else {
                node.put("window", check.key().window()).put("calls_per_run", check.key().calls());
            }
            node.put("runs", cell == null ? 0 : cell.runs());
            Counts c = check.counts();
            node.put("expected", check.expected())
                    .put("errors", c.errors()).put("lost", c.lost()).put("mismatched", c.mismatched())
                    .put("as_expected", check.asExpected())
                    .put("lab_confirms", check.labConfirms())
                    .put("text", check.text());
            ArrayNode labNotes = node.putArray("lab_notes");
            check.labNotes().forEach(n -> labNotes.addObject().put("outcome", n.outcome()).put("text", n.text()));
        }
    }

    /** run_order but its runs, which {@link #runOrder(JsonGenerator, ObjectNode, RunOrder)} streams. */
    private static void runOrderGroups(ObjectNode node, RunOrder order) {
        node.put("from_started_utc", order.fromTimestamps());
        ArrayNode groups = node.putArray("groups");
        order.groups().forEach(g -> {
            ObjectNode group = groups.addObject().put("shape", g.shape()).put("pattern", g.pattern().name().toLowerCase(java.util.Locale.ROOT))
                    .put("transport_switches", g.switches());
            ArrayNode transports = group.putArray("transports");
            g.transports().forEach(transports::add);
        });
    }

    private static void runOrder(JsonGenerator g, ObjectNode groups, RunOrder order) throws IOException {
        g.writeStartObject();
        for (Map.Entry<String, JsonNode> field : groups.properties()) {
            g.writeFieldName(field.getKey());
            JSON.writeTree(g, field.getValue());
        }
        g.writeArrayFieldStart("runs");
        for (var run : order.runs()) {
            g.writeStartObject();
            if (run.startedUtc() == null) {
                g.writeNullField("started_utc");
            } else {
                g.writeStringField("started_utc", run.startedUtc().toString());
            }
            g.writeStringField("transport", run.key().transport());
            g.writeStringField("mode", run.key().mode());
            g.writeNumberField("payload_bytes", run.key().payloadBytes());
            g.writeNumberField("window", run.key().window());
            g.writeNumberField("calls_per_run", run.key().calls());
            g.writeStringField("pair", run.key().pair());
            g.writeStringField("series", run.key().series());
            g.writeStringField("phase", run.phase().label());
            g.writeNumberField("run", run.run());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
