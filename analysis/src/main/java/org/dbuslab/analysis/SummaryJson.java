package org.dbuslab.analysis;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Renders summary.json. The tree is built by hand so the key names are the contract's, and so undefined
 * values (NaN) become JSON null instead of Jackson's non-standard NaN. Jackson writes numbers with '.'
 * whatever the default locale.
 */
final class SummaryJson {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SummaryJson() {
    }

    static String render(Analysis analysis) {
        ObjectNode root = JSON.createObjectNode();
        root.set("environment", JSON.valueToTree(analysis.folder().environment().values()));
        root.put("environment_recorded", analysis.folder().environment().recorded());
        ArrayNode cells = root.putArray("cells");
        analysis.cells().forEach(cell -> cells.add(cell(cell)));
        ArrayNode skipped = root.putArray("skipped");
        analysis.folder().skipped().forEach(s -> skipped.addObject().put("transport", s.transport()).put("reason", s.reason()));
        ArrayNode missing = root.putArray("missing");
        analysis.gaps().forEach(gap -> missing.addObject()
                .put("transport", gap.transport())
                .put("cell", gap.cell() == null ? null : gap.cell().label())
                .put("problem", gap.problem()));
        ArrayNode warnings = root.putArray("warnings");
        analysis.folder().warnings().forEach(warnings::add);
        root.put("generated_utc", analysis.generated().toString());
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render a tree of plain values", e);
        }
    }

    private static ObjectNode cell(CellSummary cell) {
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
        number(node, "us_per_call_median", cell.usPerCallMedian());
        number(node, "us_per_call_mean", cell.usPerCallMean());
        number(node, "calls_per_second", cell.callsPerSecond());
        number(node, "ratio_to_dbus_daemon", cell.ratioToDbusDaemon() == null ? Double.NaN : cell.ratioToDbusDaemon());
        node.put("lost", cell.counts().lost())
                .put("mismatched", cell.counts().mismatched())
                .put("errors", cell.counts().errors())
                .put("warmup_lost", cell.warmupCounts().lost())
                .put("warmup_mismatched", cell.warmupCounts().mismatched())
                .put("warmup_errors", cell.warmupCounts().errors());
        return node;
    }

    private static void number(ObjectNode node, String key, double value) {
        if (Double.isFinite(value)) {
            node.put(key, value);
        } else {
            node.putNull(key);
        }
    }
}
