package org.dbuslab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SummaryJsonTest {

    static final Instant GENERATED = Instant.parse("2025-06-01T12:00:00Z");
    private static final List<String> CELL_KEYS = List.of("transport", "mode", "payload_bytes", "window", "calls_per_run",
            "runs", "warmup_runs", "elapsed_s", "us_per_call_median", "us_per_call_mean", "calls_per_second",
            "ratio_to_dbus_daemon", "lost", "mismatched", "errors", "us_per_call_median_ci95_low", "us_per_call_median_ci95_high",
            "noisy", "outliers", "latency_us", "comparisons");
    private static final List<String> ELAPSED_KEYS = List.of("mean", "median", "stddev", "min", "max", "ci95_low", "ci95_high",
            "median_ci95_low", "median_ci95_high", "cv");

    static JsonNode summaryOfFixture() throws Exception {
        String json = new SummaryJson().render(Analysis.of(ResultsFolderReader.read(Fixtures.session()), GENERATED));
        return new ObjectMapper().readTree(json);
    }

    @Test
    void hasTheContractShape() throws Exception {
        JsonNode root = summaryOfFixture();
        for (String key : List.of("environment", "cells", "skipped", "generated_utc", "statistics", "baselines", "run_order",
                "warmup_runs_excluded")) {
            assertTrue(root.has(key), key);
        }
        assertEquals("2025-06-01T12:00:00Z", root.get("generated_utc").asText());
        assertEquals("6.1.0-21-amd64", root.get("environment").get("kernel").asText());
        assertTrue(root.get("environment").get("memory_total_kb").isNumber());
        assertEquals(8, root.get("cells").size());
        for (JsonNode cell : root.get("cells")) {
            CELL_KEYS.forEach(key -> assertTrue(cell.has(key), key + " in " + cell));
            ELAPSED_KEYS.forEach(key -> assertTrue(cell.get("elapsed_s").has(key), key));
            for (String key : List.of("payload_bytes", "window", "calls_per_run", "runs", "warmup_runs", "us_per_call_median",
                    "us_per_call_mean", "calls_per_second", "lost", "mismatched", "errors")) {
                assertTrue(cell.get(key).isNumber(), key + " must be a JSON number in " + cell);
            }
        }
        JsonNode skipped = root.get("skipped").get(0);
        assertEquals("p2p-tcp", skipped.get("transport").asText());
        assertEquals("dbus-java TCP transport refused the connection: Connection refused", skipped.get("reason").asText());
    }

    /** The fixture's dbus-daemon sync 1000 B cell is the sample of SampleStatisticsTest: same SciPy values. */
    @Test
    void carriesTheStatisticsOfEachCell() throws Exception {
        JsonNode cell = summaryOfFixture().get("cells").get(0);
        assertEquals("dbus-daemon", cell.get("transport").asText());
        assertEquals(5, cell.get("runs").asInt());
        assertEquals(1, cell.get("warmup_runs").asInt());
        JsonNode elapsed = cell.get("elapsed_s");
        assertEquals(1.2543405157999998, elapsed.get("mean").asDouble(), 1e-10);
        assertEquals(1.256789012, elapsed.get("median").asDouble(), 1e-10);
        assertEquals(0.03987750714074851, elapsed.get("stddev").asDouble(), 1e-10);
        assertEquals(1.2048260508452189, elapsed.get("ci95_low").asDouble(), 1e-10);
        assertEquals(1.3038549807547808, elapsed.get("ci95_high").asDouble(), 1e-10);
        assertEquals(125.6789012, cell.get("us_per_call_median").asDouble(), 1e-9);
        assertEquals(1.0, cell.get("ratio_to_dbus_daemon").asDouble(), 0);
        assertEquals(50000, cell.get("latency_us").get("count").asLong());
        assertEquals(0, cell.get("comparisons").size(), "dbus-daemon is not compared with itself");
    }

    @Test
    void carriesComparisonsWithIntervalsPValueAndVerdict() throws Exception {
        JsonNode broker = summaryOfFixture().get("cells").get(1);
        JsonNode c = broker.get("comparisons").get(0);
        assertEquals("dbus-daemon", c.get("baseline").asText());
        assertEquals(0.9512345670 / 1.256789012, c.get("ratio_of_medians").asDouble(), 1e-12);
        assertTrue(c.get("ratio_ci95_low").asDouble() < c.get("ratio_ci95_high").asDouble());
        // Exact two-sided Mann-Whitney p of 5 against 5 fully separated runs: 2 / C(10, 5).
        assertEquals(2.0 / 252, c.get("mann_whitney_p").asDouble(), 1e-15);
        assertEquals("exact", c.get("mann_whitney_method").asText());
        assertEquals("faster", c.get("verdict").asText());
        JsonNode stats = summaryOfFixture().get("statistics");
        assertEquals(10000, stats.get("bootstrap_resamples").asInt());
        assertEquals(20150430L, stats.get("bootstrap_seed").asLong());
    }

    @Test
    void undefinedValuesAreNullAndCellsAreInContractOrder() throws Exception {
        JsonNode cells = summaryOfFixture().get("cells");
        List<String> order = new ArrayList<>();
        cells.forEach(c -> order.add(c.get("mode").asText() + " " + c.get("payload_bytes").asInt() + " " + c.get("transport").asText()));
        assertEquals(List.of("sync 1000 dbus-daemon", "sync 1000 dbus-broker", "sync 1000 p2p-unix",
                "sync 10000 dbus-daemon", "sync 10000 dbus-broker", "sync 10000 p2p-unix",
                "async 1000 dbus-daemon", "async 1000 p2p-unix"), order);
        JsonNode singleRun = cells.get(7);
        assertEquals(1, singleRun.get("runs").asInt());
        assertTrue(singleRun.get("elapsed_s").get("stddev").isNull());
        assertTrue(singleRun.get("elapsed_s").get("ci95_low").isNull());
        assertTrue(singleRun.get("elapsed_s").get("ci95_high").isNull());
    }
}
