package org.dbuslab.analysis.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dbuslab.analysis.model.ScaleCell;
import org.dbuslab.analysis.model.ScaleResults;
import org.dbuslab.analysis.report.ScaleSections;

/**
 * summary.json's scale lists (issue 15): {@code clients_cells}, {@code signals_cells}, {@code distance_cells}, one
 * object per point with its series and parameters, the usual correctness counts and the rates with their 95% CIs,
 * and {@code relay_checks}. Absent when the folder has no scale-runs.csv.
 */
public final class ScaleSummaryJson {

    private ScaleSummaryJson() {
    }

    public static void addTo(ObjectNode root, ScaleResults scale) {
        for (String series : org.dbuslab.format.ScaleRunsCsv.SERIES) {
            ArrayNode cells = root.putArray(series + "_cells");
            scale.series(series).forEach(c -> cells.add(cell(c, scale)));
        }
        ArrayNode checks = root.putArray("relay_checks");
        scale.relayChecks().forEach(check -> {
            ObjectNode node = checks.addObject().put("delay_ms", check.delayMs());
            JsonValues.number(node, "us_per_call_median", check.measuredUs());
            JsonValues.number(node, "expected_us", check.expectedUs());
            JsonValues.number(node, "floor_us", check.floorUs());
            node.put("tolerance", ScaleResults.RELAY_TOLERANCE).put("judged", check.delayMs() >= ScaleResults.RELAY_CHECK_FROM_MS)
                .put("passed", check.passed());
        });
        root.put("scale_warmup_runs_excluded", scale.warmupRuns());
    }

    private static ObjectNode cell(ScaleCell c, ScaleResults scale) {
        ScaleCell.Key k = c.key();
        ObjectNode node = JsonValues.JSON.createObjectNode()
            .put("series", k.series()).put("transport", k.transport()).put("mode", k.mode())
            .put("window", k.window()).put("payload_bytes", k.payloadBytes()).put("clients", k.clients())
            .put("subscribers", k.subscribers()).put("match_rules", k.matchRules()).put("delay_ms", k.delayMs())
            .put("runs", c.runs()).put("blocks", c.blocks()).put("count", c.count())
            .put("lost", c.lost()).put("mismatched", c.mismatched()).put("duplicated", c.duplicated())
            .put("out_of_order", c.outOfOrder()).put("errors", c.errors()).put("clean", c.clean());
        String rate = k.series().equals("signals") ? "signals_per_second" : "calls_per_second";
        String per = k.series().equals("signals") ? "us_per_signal" : "us_per_call";
        JsonValues.number(node, rate + "_median", c.rateMedian());
        JsonValues.interval(node, rate + "_median_ci95", c.rateCi95());
        JsonValues.number(node, per + "_median", c.usPerOperation());
        JsonValues.interval(node, per + "_median_ci95", c.usPerOperationCi95());
        JsonValues.number(node, "p50_us", c.p50Us());
        JsonValues.number(node, "p99_us", c.p99Us());
        JsonValues.number(node, "jain", c.jain());
        ObjectNode cpu = node.putObject("cpu_" + per);
        JsonValues.number(cpu, "client", c.cpuClientUs());
        JsonValues.number(cpu, "bus", c.cpuBusUs());
        JsonValues.number(cpu, "server", c.cpuServerUs());
        JsonValues.number(cpu, "relay", c.cpuRelayUs());
        if (k.series().equals("distance")) {
            JsonValues.number(node, "rtt_us", ScaleSections.rttUs(scale, c));
            JsonValues.number(node, "bound_calls_per_second", ScaleSections.boundPerSecond(scale, c));
        }
        return node;
    }
}
