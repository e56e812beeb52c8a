package org.dbuslab.analysis.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellComparison;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.CellSummary.AllocPerCall;
import org.dbuslab.analysis.model.CpuPerCall;
import org.dbuslab.analysis.model.LatencySummary;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.report.Verdicts;
import org.dbuslab.stats.OutlierCounts;
import org.dbuslab.stats.SampleComparison;
import org.dbuslab.stats.SampleStatistics;

import static org.dbuslab.analysis.output.JsonValues.JSON;
import static org.dbuslab.analysis.output.JsonValues.interval;
import static org.dbuslab.analysis.output.JsonValues.number;
import static org.dbuslab.analysis.output.JsonValues.test;

/** One cell's object in summary.json: its key, statistics, precision, latency and comparisons. */
public final class CellJson {

    private CellJson() {
    }

    public static ObjectNode cell(CellSummary cell, Analysis analysis) {
        CellKey key = cell.key();
        SampleStatistics s = cell.elapsedSeconds();
        ObjectNode node = JSON.createObjectNode()
                .put("transport", key.transport())
                .put("mode", key.mode())
                .put("payload_bytes", key.payloadBytes())
                .put("window", key.window())
                .put("calls_per_run", key.calls())
                .put("pair", key.pair())
                .put("series", key.series())
                .put("method", key.method())
                .put("reference", key.referenceFlag())
                .put("placement", key.placement())
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
        number(node, "us_per_call_median_ci95_halfwidth_pct", cell.usPerCallHalfWidthPct());
        number(node, "us_per_call_mean", cell.usPerCallMean());
        cpu(node.putObject("cpu_us_per_call"), cell.cpu(), key.role() == CellKey.Role.PATH);
        alloc(node.putObject("alloc_bytes_per_call"), cell.alloc());
        node.put("blocks", cell.blocks());
        analysis.folder().recordedPrecision(key).ifPresentOrElse(r -> {
            ObjectNode p = node.putObject("precision");
            number(p, "half_width_pct", r.halfWidthPct());
            number(p, "target_pct", r.targetPct());
            p.put("met", r.met()).put("blocks", r.blocks());
            if (r.metAfterBlocks() > 0) {
                p.put("met_after_blocks", r.metAfterBlocks());
            } else {
                p.putNull("met_after_blocks");
            }
        }, () -> node.putNull("precision"));
        number(node, "calls_per_second", cell.callsPerSecond());
        number(node, "ratio_to_dbus_daemon", cell.ratioToDbusDaemon() == null ? Double.NaN : cell.ratioToDbusDaemon());
        node.put("noisy", cell.noisy());
        number(node, "quartile_ratio", cell.quartileRatio());
        node.put("two_speeds", cell.twoSpeeds());
        node.put("fixed_cost_corrected_runs", cell.fixedCost().corrected())
                .put("fixed_cost_missing_runs", cell.fixedCost().missing());
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

    /** Always the three keys; null for a component not measured, bus 0 for cells without a bus. */
    /** {client, bus, server, runs}; cells of series paths and policy also have path (0 for a direct cell). */
    private static void cpu(ObjectNode node, CpuPerCall cpu, boolean withPath) {
        number(node, "client", cpu.client());
        number(node, "bus", cpu.bus());
        number(node, "server", cpu.server());
        if (withPath) {
            number(node, "path", cpu.path());
        }
        node.put("runs", cpu.runs());
    }

    /** Always the two keys; null for a side that is not a JVM of the lab, or not recorded. */
    private static void alloc(ObjectNode node, AllocPerCall alloc) {
        number(node, "client", alloc.client());
        number(node, "server", alloc.server());
        node.put("runs", alloc.runs());
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
        number(node, "mann_whitney_u", r.paired() ? Double.NaN : r.test().statistic());
        test(node, r);
        node.put("mann_whitney_method", r.paired() ? null : r.test().method());
        node.put("verdict", Verdicts.of(r.direction()));
        node.put("too_few_runs_to_tell", c.tooFewRunsToTell());
        ObjectNode equivalence = node.putObject("equivalence");
        number(equivalence, "margin_pct", c.equivalence().marginPct());
        interval(equivalence, "ratio_ci90", c.equivalence().ratioInterval());
        equivalence.put("equivalent", c.equivalent());
        node.put("resolved", c.resolved());
        return node;
    }
}
