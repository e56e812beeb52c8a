package org.dbuslab.bench.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Iterator;
import java.util.Map;
import java.util.StringJoiner;

/** One entry of JMH's JSON result file, with the score converted to microseconds per operation. */
record JmhResult(String benchmark, String params, double scoreUs, double errorUs, int samples,
                 int forks, int warmupIterations, int measurementIterations) {

    /** Short name: class.method without the package. */
    String shortName() {
        String[] parts = benchmark.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : benchmark;
    }

    String method() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    static JmhResult of(JsonNode node) {
        JsonNode metric = node.path("primaryMetric");
        double toUs = microsPer(metric.path("scoreUnit").asText("us/op"));
        int samples = 0;
        for (JsonNode fork : metric.path("rawData")) {
            samples += fork.size();
        }
        return new JmhResult(node.path("benchmark").asText(), params(node.path("params")),
            number(metric.path("score")) * toUs, number(metric.path("scoreError")) * toUs, samples,
            node.path("forks").asInt(), node.path("warmupIterations").asInt(), node.path("measurementIterations").asInt());
    }

    private static String params(JsonNode params) {
        StringJoiner joined = new StringJoiner(", ");
        for (Iterator<Map.Entry<String, JsonNode>> it = params.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            joined.add(e.getKey() + "=" + e.getValue().asText());
        }
        return joined.toString();
    }

    /** JMH writes NaN (too few samples for an error) as the string "NaN". */
    private static double number(JsonNode node) {
        if (node.isNumber()) {
            return node.asDouble();
        }
        try {
            return Double.parseDouble(node.asText());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Factor from JMH's unit to µs/op; only average-time units make sense in this report. */
    static double microsPer(String unit) {
        return switch (unit) {
            case "ns/op" -> 1e-3;
            case "us/op" -> 1;
            case "ms/op" -> 1e3;
            case "s/op" -> 1e6;
            default -> throw new IllegalArgumentException("unsupported score unit '" + unit
                + "' (the report expects average time per operation, -bm avgt)");
        };
    }
}
