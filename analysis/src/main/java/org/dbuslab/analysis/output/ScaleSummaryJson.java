package org.dbuslab.analysis.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dbuslab.analysis.model.ScaleCell;
import org.dbuslab.analysis.model.ScaleResults;
import org.dbuslab.analysis.report.ScaleSections;
import org.dbuslab.format.ScaleRunsCsv;

/**
 * summary.json's scale lists (issue 15): {@code clients_cells}, {@code signals_cells}, {@code distance_cells}, one
 * object per point with its series and parameters, the usual correctness counts and the rates with their 95% CIs,
 * {@code relay_floors} (the delay line's own cost per call: the relay at D = 0 minus direct), {@code relay_checks}
 * (judged net of that floor) and {@code second_namespace} (a veth pair between two network namespaces against
 * loopback). Absent when the folder has no scale-runs.csv.
 */
public final class ScaleSummaryJson {

    private ScaleSummaryJson() {
    }

    public static void addTo(ObjectNode root, ScaleResults scale) {
        for (String series : org.dbuslab.format.ScaleRunsCsv.SERIES) {
            ArrayNode cells = root.putArray(series + "_cells");
            scale.series(series).forEach(c -> cells.add(cell(c, scale)));
        }
        ArrayNode floors = root.putArray("relay_floors");
        scale.relayFloors().forEach(f -> {
            ObjectNode node = floors.addObject().put("transport", f.transport()).put("mode", f.mode())
                .put("window", f.window());
            JsonValues.number(node, "direct_us_per_call", f.directUs());
            JsonValues.number(node, "relay_us_per_call", f.relayUs());
            difference(node, "relay_cost_us_per_call", f.cost());
            JsonValues.number(node, "cpu_relay_us_per_call", f.cost().candidate().cpuRelayUs());
        });
        ArrayNode checks = root.putArray("relay_checks");
        scale.relayChecks().forEach(check -> {
            ObjectNode node = checks.addObject().put("delay_ms", check.delayMs());
            JsonValues.number(node, "us_per_call_median", check.measuredUs());
            JsonValues.number(node, "expected_us", check.expectedUs());
            JsonValues.number(node, "floor_us", check.floorUs());
            JsonValues.number(node, "two_d_us", check.twoDUs());
            JsonValues.number(node, "relay_floor_us", check.relayFloorUs());
            JsonValues.number(node, "relay_cost_us", check.relayCostUs());
            JsonValues.interval(node, "relay_cost_us_ci95", check.relayFloor().map(f -> f.cost().ci95())
                .orElse(org.dbuslab.stats.Interval.UNDEFINED));
            JsonValues.number(node, "net_us_per_call", check.netUs());
            JsonValues.number(node, "added_us", check.addedUs());
            JsonValues.number(node, "net_expected_us", check.netExpectedUs());
            JsonValues.number(node, "deviation", check.deviation());
            node.put("judged_against", check.calibrated() ? "relay-floor" : "loopback")
                .put("tolerance", ScaleResults.RELAY_TOLERANCE).put("judged", check.delayMs() >= ScaleResults.RELAY_CHECK_FROM_MS)
                .put("passed", check.passed()).put("loopback_passed", check.loopbackPassed());
        });
        ArrayNode namespace = root.putArray("second_namespace");
        scale.namespaceComparisons().forEach(r -> {
            ObjectNode node = namespace.addObject().put("transport", r.transport()).put("mode", r.mode())
                .put("window", r.window()).put("path", NAMESPACE_PATH);
            JsonValues.number(node, "loopback_us_per_call", r.loopback().map(ScaleCell::usPerOperation).orElse(Double.NaN));
            JsonValues.interval(node, "loopback_us_per_call_ci95", r.loopback().map(ScaleCell::usPerOperationCi95)
                .orElse(org.dbuslab.stats.Interval.UNDEFINED));
            JsonValues.number(node, "namespace_us_per_call", r.netns().usPerOperation());
            JsonValues.interval(node, "namespace_us_per_call_ci95", r.netns().usPerOperationCi95());
            JsonValues.number(node, "ratio", r.ratio().map(ScaleResults.Ratio::ratio).orElse(Double.NaN));
            JsonValues.interval(node, "ratio_ci95", r.ratio().map(ScaleResults.Ratio::ci95)
                .orElse(org.dbuslab.stats.Interval.UNDEFINED));
            node.put("paired_blocks", r.ratio().map(ScaleResults.Ratio::pairedBlocks).orElse(0))
                .put("clean", r.netns().clean() && r.loopback().map(ScaleCell::clean).orElse(false))
                .putNull("skipped");
        });
        scale.namespaceSkips().forEach((cell, reason) -> {
            String[] f = cell.split(" ", 2);
            namespace.addObject().put("transport", f[0]).put("mode", f[1].substring((ScaleRunsCsv.ROUTE_NETNS + "-").length()))
                .putNull("window").put("path", NAMESPACE_PATH).putNull("loopback_us_per_call")
                .putNull("namespace_us_per_call").putNull("ratio").put("paired_blocks", 0).put("clean", false)
                .put("skipped", reason);
        });
        root.put("scale_warmup_runs_excluded", scale.warmupRuns());
    }

    /** What the second namespace is, in summary.json's words. */
    static final String NAMESPACE_PATH = "two network namespaces joined by a veth pair: the same kernel and CPUs, a real IP path";

    private static void difference(ObjectNode node, String key, ScaleResults.Difference d) {
        JsonValues.number(node, key, d.us());
        JsonValues.interval(node, key + "_ci95", d.ci95());
        node.put("paired_blocks", d.pairedBlocks());
    }

    private static ObjectNode cell(ScaleCell c, ScaleResults scale) {
        ScaleCell.Key k = c.key();
        ObjectNode node = JsonValues.JSON.createObjectNode()
            .put("series", k.series()).put("transport", k.transport()).put("route", k.route()).put("mode", k.mode())
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
            JsonValues.number(node, "rtt_calibrated_us", ScaleSections.calibratedRttUs(scale, c));
            JsonValues.number(node, "bound_calibrated_calls_per_second", ScaleSections.calibratedBoundPerSecond(scale, c));
            java.util.Optional<ScaleResults.RelayFloor> floor = k.route().equals(ScaleRunsCsv.ROUTE_RELAY)
                ? scale.relayFloor(k.transport(), k.mode(), k.window()) : java.util.Optional.empty();
            JsonValues.number(node, "relay_cost_us_per_call", floor.map(f -> f.cost().us()).orElse(Double.NaN));
            JsonValues.interval(node, "relay_cost_us_per_call_ci95", floor.map(f -> f.cost().ci95())
                .orElse(org.dbuslab.stats.Interval.UNDEFINED));
            JsonValues.number(node, "net_us_per_call", scale.netUsPerCall(c));
        }
        return node;
    }
}
