package org.dbuslab.analysis.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.CpuPerCall;
import org.dbuslab.analysis.model.paths.PathPrice;
import org.dbuslab.analysis.model.paths.PolicyPoint;
import org.dbuslab.analysis.model.paths.PolicySweep;
import org.dbuslab.analysis.model.paths.PolicyVerdict;
import org.dbuslab.analysis.model.paths.RealWorldPaths;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.report.RealWorldPathsSection;
import org.dbuslab.analysis.report.Verdicts;
import org.dbuslab.stats.SampleComparison;

import java.util.Locale;

import static org.dbuslab.analysis.output.JsonValues.interval;
import static org.dbuslab.analysis.output.JsonValues.number;

/**
 * summary.json's keys of issue 24, only in folders with series paths or policy (every other folder's summary.json is
 * unchanged): {@code path_cells} (cell objects as in {@code cells}), {@code paths} (one object per path cell: its price
 * against its direct counterpart, CPU per call of both) and {@code policy} (per bus, the sweeps of series policy).
 */
public final class PathsJson {

    private PathsJson() {
    }

    public static void write(ObjectNode root, Analysis analysis) {
        RealWorldPaths paths = analysis.paths();
        if (analysis.pathCells().isEmpty() && paths.isEmpty()) {
            return;
        }
        ArrayNode cells = root.putArray("path_cells");
        analysis.pathCells().forEach(cell -> cells.add(CellJson.cell(cell, analysis)));
        ArrayNode prices = root.putArray("paths");
        paths.prices().forEach(p -> price(prices.addObject(), p));
        ObjectNode policy = root.putObject("policy");
        for (PolicySweep s : paths.policy()) {
            ArrayNode bus = policy.has(s.bus()) ? (ArrayNode) policy.get(s.bus()) : policy.putArray(s.bus());
            sweep(bus.addObject(), s);
        }
    }

    private static void price(ObjectNode node, PathPrice p) {
        CellKey key = p.key();
        node.put("transport", key.transport()).put("destination", p.destination()).put("route", key.route().label())
                .put("program", key.route().program()).put("pair", key.pair()).put("method", key.method())
                .put("mode", key.mode()).put("payload_bytes", key.payloadBytes()).put("window", key.window())
                .put("placement", key.placement()).put("status", p.status().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .put("calls_per_run", key.calls()).put("runs", p.path().runs());
        if (p.direct() == null) {
            node.putNull("direct_calls_per_run");
        } else {
            node.put("direct_calls_per_run", p.direct().key().calls());
        }
        node.put("direct_runs", p.direct() == null ? 0 : p.direct().runs());
        usPerCall(node, "direct_us_per_call", p.direct());
        usPerCall(node, "path_us_per_call", p.path());
        number(node, "ratio", p.ratio());
        interval(node, "ratio_ci95", p.ratioInterval());
        number(node, "price_us", p.priceUs());
        interval(node, "price_us_ci95", p.priceInterval());
        number(node, "ratio_ci95_halfwidth_pct", p.halfWidthPct());
        node.put("within_5pct", p.withinTarget());
        SampleComparison r = p.result();
        if (r == null) {
            node.putNull("verdict");
            node.putNull("p_value");
            node.putNull("test");
            node.put("paired", false).put("blocks", 0);
        } else {
            node.put("verdict", Verdicts.of(r.direction()));
            number(node, "p_value", r.test().pValue());
            node.put("test", r.test().kind().label()).put("paired", r.paired()).put("blocks", r.pairedBlocks());
        }
        node.put("common_blocks", p.commonBlocks());
        ObjectNode cpu = node.putObject("cpu_us_per_call");
        cpu(cpu, "path", p.path());
        cpu(cpu, "direct", p.direct());
        counts(node, "path_", p.path());
        counts(node, "direct_", p.direct());
    }

    private static void usPerCall(ObjectNode node, String key, CellSummary cell) {
        number(node, key, cell == null || cell.runs() == 0 ? Double.NaN : cell.usPerCallMedian());
        interval(node, key + "_ci95", cell == null ? org.dbuslab.stats.Interval.UNDEFINED : cell.usPerCallMedianCi95());
    }

    /** {client, path, bus, server, runs} of one cell, or null without the cell. */
    private static void cpu(ObjectNode parent, String key, CellSummary cell) {
        if (cell == null) {
            parent.putNull(key);
            return;
        }
        CpuPerCall c = cell.cpu();
        ObjectNode node = parent.putObject(key);
        number(node, "client", c.client());
        number(node, "path", c.path());
        number(node, "bus", c.bus());
        number(node, "server", c.server());
        node.put("runs", c.runs());
    }

    /** Lost, mismatched and errored calls of one cell, warm-ups included; 0 without the cell. */
    private static void counts(ObjectNode node, String prefix, CellSummary cell) {
        Counts c = cell == null ? Counts.ZERO : cell.counts().plus(cell.warmupCounts());
        node.put(prefix + "lost", c.lost()).put(prefix + "mismatched", c.mismatched()).put(prefix + "errors", c.errors());
    }

    private static void sweep(ObjectNode node, PolicySweep s) {
        node.put("mode", s.mode()).put("payload_bytes", s.payloadBytes()).put("window", s.window()).put("pair", s.pair())
                .put("placement", s.placement());
        ArrayNode points = node.putArray("points");
        for (PolicyPoint point : s.points()) {
            CellSummary cell = point.cell();
            ObjectNode p = points.addObject().put("rules", point.rules()).put("transport", cell.key().transport())
                    .put("calls_per_run", cell.key().calls()).put("runs", cell.runs());
            number(p, "us_per_call", cell.runs() == 0 ? Double.NaN : cell.usPerCallMedian());
            interval(p, "us_per_call_ci95", cell.usPerCallMedianCi95());
            number(p, "bus_cpu_us_per_call", cell.cpu().bus());
            ratio(p, "vs_0", point.vsNone());
            p.put("common_blocks", point.commonBlocks());
            Counts c = cell.counts().plus(cell.warmupCounts());
            p.put("lost", c.lost()).put("mismatched", c.mismatched()).put("errors", c.errors());
        }
        PolicyVerdict v = s.verdict();
        node.put("verdict", v.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .put("verdict_text", RealWorldPathsSection.verdictText(v));
        ratio(node, "ratio_" + RealWorldPaths.VERDICT_RULES + "_vs_0", v.result());
        if (v.result() == null) {
            node.putNull("equivalence");
        } else {
            ObjectNode e = node.putObject("equivalence");
            number(e, "margin_pct", v.equivalence().marginPct());
            interval(e, "ratio_ci90", v.equivalence().ratioInterval());
            e.put("equivalent", v.equivalence().equivalent());
        }
    }

    /** {ratio, ratio_ci95_low/high, diff_us_per_call(+ci95), verdict, p_value, paired, paired_blocks}, or null. */
    private static void ratio(ObjectNode parent, String key, SampleComparison r) {
        if (r == null) {
            parent.putNull(key);
            return;
        }
        ObjectNode node = parent.putObject(key);
        number(node, "ratio", r.ratioOfMedians());
        interval(node, "ratio_ci95", r.ratioInterval());
        number(node, "diff_us_per_call", r.difference());
        interval(node, "diff_us_per_call_ci95", r.differenceInterval());
        node.put("verdict", Verdicts.of(r.direction()));
        number(node, "p_value", r.test().pValue());
        node.put("paired", r.paired()).put("paired_blocks", r.pairedBlocks());
    }
}
