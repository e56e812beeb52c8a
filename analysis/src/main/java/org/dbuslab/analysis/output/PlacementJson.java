package org.dbuslab.analysis.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CrossingPrice;
import org.dbuslab.analysis.read.CellKey;

import static org.dbuslab.analysis.output.JsonValues.interval;
import static org.dbuslab.analysis.output.JsonValues.number;

/**
 * summary.json's placement figures (issue 21): the price of crossing CPUs, the matrix's run length against --run-ms,
 * and the headline's resolved comparisons.
 */
final class PlacementJson {

    private PlacementJson() {
    }

    static void write(ObjectNode root, Analysis analysis) {
        ArrayNode prices = root.putArray("price_of_crossing");
        for (CrossingPrice p : analysis.crossing()) {
            CellKey key = p.key();
            ObjectNode node = prices.addObject()
                    .put("transport", key.transport())
                    .put("mode", key.mode())
                    .put("payload_bytes", key.payloadBytes())
                    .put("window", key.window());
            number(node, "one_cpu_us_per_call", p.oneCpu().usPerCallMedian());
            number(node, "cross_us_per_call", p.cross().usPerCallMedian());
            number(node, "diff_us_per_call", p.result().difference());
            interval(node, "diff_us_per_call_ci95", p.result().differenceInterval());
            if (p.perWakeup()) {
                node.put("crossing_wakeups_per_call", p.wakeups());
                number(node, "us_per_crossing_wakeup", p.price());
                interval(node, "us_per_crossing_wakeup_ci95", p.priceInterval());
            } else {
                node.putNull("crossing_wakeups_per_call");
                node.putNull("us_per_crossing_wakeup");
            }
            node.put("paired_blocks", p.result().pairedBlocks());
        }
        ArrayNode lengths = root.putArray("run_length");
        analysis.runLengths().forEach(l -> {
            ObjectNode node = lengths.addObject().put("placement", l.placement()).put("runs", l.runs());
            number(node, "median_ms", l.medianMs());
            if (l.hasTarget()) {
                number(node, "target_ms", l.targetMs());
                number(node, "ratio", l.ratio());
                node.put("within_tolerance", l.withinTolerance());
            } else {
                node.putNull("target_ms");
                node.putNull("ratio");
                node.putNull("within_tolerance");
            }
        });
        ArrayNode resolution = root.putArray("headline_resolved");
        analysis.headlineResolution().forEach(r -> resolution.addObject()
                .put("placement", r.placement())
                .put("baseline", r.baseline())
                .put("comparisons", r.comparisons())
                .put("resolved", r.resolved())
                .put("equivalent", r.equivalent()));
    }
}
