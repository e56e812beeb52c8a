package org.dbuslab.analysis;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dbuslab.analysis.stats.Interval;
import org.dbuslab.analysis.stats.OutlierCounts;
import org.dbuslab.analysis.stats.SampleComparison;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Renders summary.json. The tree is built by hand so the key names are the contract's, and so undefined
 * values (NaN) become JSON null instead of Jackson's non-standard NaN. Jackson writes numbers with '.'
 * whatever the default locale. Fields are only ever added, never renamed: programs read this file.
 */
final class SummaryJson implements ReportWriter {

    static final String FILE = "summary.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Override
    public String fileName() {
        return FILE;
    }


    @Override
    public String render(Analysis analysis) {
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
        ArrayNode cells = root.putArray("cells");
        analysis.cells().forEach(cell -> cells.add(cell(cell, analysis)));
        ArrayNode skipped = root.putArray("skipped");
        analysis.folder().skipped().forEach(s -> skipped.addObject().put("transport", s.transport()).put("reason", s.reason()));
        ArrayNode missing = root.putArray("missing");
        analysis.gaps().forEach(gap -> missing.addObject()
                .put("transport", gap.transport())
                .put("cell", gap.cell() == null ? null : gap.cell().label())
                .put("problem", gap.problem()));
        runOrder(root.putObject("run_order"), analysis.runOrder());
        ArrayNode warnings = root.putArray("warnings");
        analysis.folder().warnings().forEach(warnings::add);
        ArrayNode analysisWarnings = root.putArray("analysis_warnings");
        ReportText.warnings(analysis).forEach(analysisWarnings::add);
        root.put("generated_utc", analysis.generated().toString());
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render a tree of plain values", e);
        }
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
                .put("significant_when", "bootstrap CI of the ratio of medians excludes 1 and Mann-Whitney p < alpha")
                .put("noisy_cv_above", CellSummary.NOISY_CV)
                .put("outliers", "Tukey fences: mild beyond 1.5 IQR, severe beyond 3 IQR; kept in the data");
    }

    private static ObjectNode cell(CellSummary cell, Analysis analysis) {
        CellKey key = cell.key();
        SampleStatistics s = cell.elapsedSeconds();
        ObjectNode node = JSON.createObjectNode()
                .put("transport", key.transport())
                .put("mode", key.mode())
                .put("payload_bytes", key.payloadBytes())
                .put("window", key.window())
                .put("calls_per_run", key.calls())
                .put("runs", cell.runs())
                .put("warmup_runs", cell.warmupRuns());
        ObjectNode elapsed = node.putObject("elapsed_s");
        number(elapsed, "mean", s.mean());
        number(elapsed, "median", s.median());
        number(elapsed, "stddev", s.stddev());
        number(elapsed, "min", s.min());
        number(elapsed, "max", s.max());
        number(elapsed, "ci95_low", s.ci95Low());
        number(elapsed, "ci95_high", s.ci95High());
        interval(elapsed, "median_ci95", cell.elapsedMedianCi95());
        number(elapsed, "cv", cell.cv());
        number(node, "us_per_call_median", cell.usPerCallMedian());
        interval(node, "us_per_call_median_ci95", cell.usPerCallMedianCi95());
        number(node, "us_per_call_mean", cell.usPerCallMean());
        number(node, "calls_per_second", cell.callsPerSecond());
        number(node, "ratio_to_dbus_daemon", cell.ratioToDbusDaemon() == null ? Double.NaN : cell.ratioToDbusDaemon());
        node.put("noisy", cell.noisy());
        OutlierCounts o = cell.outliers();
        node.putObject("outliers").put("low_severe", o.lowSevere()).put("low_mild", o.lowMild())
                .put("high_mild", o.highMild()).put("high_severe", o.highSevere());
        latency(node, cell.latency());
        ArrayNode comparisons = node.putArray("comparisons");
        analysis.comparisons().stream().filter(c -> c.cell().key().equals(key)).forEach(c -> comparisons.add(comparison(c)));
        node.put("lost", cell.counts().lost())
                .put("mismatched", cell.counts().mismatched())
                .put("errors", cell.counts().errors())
                .put("warmup_lost", cell.warmupCounts().lost())
                .put("warmup_mismatched", cell.warmupCounts().mismatched())
                .put("warmup_errors", cell.warmupCounts().errors());
        return node;
    }

    private static void latency(ObjectNode node, LatencySummary l) {
        if (l == null) {
            node.putNull("latency_us");
            return;
        }
        ObjectNode latency = node.putObject("latency_us");
        number(latency, "p50", l.p50Us());
        number(latency, "p90", l.p90Us());
        number(latency, "p99", l.p99Us());
        number(latency, "p99_9", l.p999Us());
        number(latency, "max", l.maxUs());
        latency.put("count", l.count()).put("expected_count", l.expectedCount());
    }

    private static ObjectNode comparison(CellComparison c) {
        SampleComparison r = c.result();
        ObjectNode node = JSON.createObjectNode()
                .put("baseline", c.baselineTransport())
                .put("baseline_calls_per_run", c.baseline().key().calls())
                .put("baseline_runs", c.baseline().runs());
        number(node, "ratio_of_medians", r.ratioOfMedians());
        interval(node, "ratio_ci95", r.ratioInterval());
        number(node, "diff_us_per_call", r.difference());
        interval(node, "diff_us_per_call_ci95", r.differenceInterval());
        number(node, "mann_whitney_u", r.mannWhitney().u1());
        number(node, "mann_whitney_p", r.mannWhitney().pValue());
        node.put("mann_whitney_method", r.mannWhitney().method().scipyName());
        node.put("verdict", Verdicts.of(r.direction()));
        node.put("too_few_runs_to_tell", c.tooFewRunsToTell());
        return node;
    }

    private static void runOrder(ObjectNode node, RunOrder order) {
        node.put("from_started_utc", order.fromTimestamps());
        ArrayNode groups = node.putArray("groups");
        order.groups().forEach(g -> {
            ObjectNode group = groups.addObject().put("shape", g.shape()).put("pattern", g.pattern().name().toLowerCase(java.util.Locale.ROOT))
                    .put("transport_switches", g.switches());
            ArrayNode transports = group.putArray("transports");
            g.transports().forEach(transports::add);
        });
        ArrayNode runs = node.putArray("runs");
        order.runs().forEach(run -> runs.addObject()
                .put("started_utc", run.startedUtc() == null ? null : run.startedUtc().toString())
                .put("transport", run.key().transport())
                .put("mode", run.key().mode())
                .put("payload_bytes", run.key().payloadBytes())
                .put("window", run.key().window())
                .put("calls_per_run", run.key().calls())
                .put("phase", run.measured() ? "measure" : "warmup")
                .put("run", run.run()));
    }

    private static void interval(ObjectNode node, String prefix, Interval interval) {
        number(node, prefix + "_low", interval.low());
        number(node, prefix + "_high", interval.high());
    }

    private static void number(ObjectNode node, String key, double value) {
        if (Double.isFinite(value)) {
            node.put(key, value);
        } else {
            node.putNull(key);
        }
    }
}
