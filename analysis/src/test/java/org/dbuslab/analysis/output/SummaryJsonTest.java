package org.dbuslab.analysis.output;

import org.dbuslab.analysis.Fixtures;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.read.ResultsFolderReader;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class SummaryJsonTest {

    public static final Instant GENERATED = Instant.parse("2025-06-01T12:00:00Z");
    private static final List<String> CELL_KEYS = List.of("transport", "mode", "payload_bytes", "window", "calls_per_run",
            "runs", "warmup_runs", "elapsed_s", "us_per_call_median", "us_per_call_mean", "calls_per_second",
            "ratio_to_dbus_daemon", "lost", "mismatched", "errors", "us_per_call_median_ci95_low", "us_per_call_median_ci95_high",
            "noisy", "outliers", "latency_us", "comparisons");
    private static final List<String> ELAPSED_KEYS = List.of("mean", "median", "stddev", "min", "max", "ci95_low", "ci95_high",
            "median_ci95_low", "median_ci95_high", "cv");

    public static JsonNode summaryOfFixture() throws Exception {
        String json = new SummaryJson().render(Analysis.of(ResultsFolderReader.read(Fixtures.session()), GENERATED));
        return new ObjectMapper().readTree(json);
    }

    @Test
    public void hasTheContractShape() throws Exception {
        JsonNode root = summaryOfFixture();
        for (String key : List.of("environment", "cells", "skipped", "generated_utc", "statistics", "baselines", "run_order",
                "warmup_runs_excluded", "reference_cells", "sweep_cells", "overhead", "floor", "sweep", "checks", "notes",
                "skipped_pairs")) {
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
        assertEquals(1, root.get("skipped").size(), "a line naming a pair is in skipped_pairs, not skipped");
        assertEquals("p2p-tcp", skipped.get("transport").asText());
        assertEquals("dbus-java TCP transport refused the connection: Connection refused", skipped.get("reason").asText());
        JsonNode pair = root.get("skipped_pairs").get(0);
        assertEquals(List.of("dbus-broker", "libdbus>dbus-java"), List.of(pair.get("transport").asText(), pair.get("pair").asText()));
    }

    /** cells holds the subject only (consumers count transports × modes × sizes there); the rest has keys of its own. */
    @Test
    public void referenceAndSweepCellsAreKeptApartFromTheSubject() throws Exception {
        JsonNode root = summaryOfFixture();
        for (JsonNode cell : root.get("cells")) {
            assertEquals("dbus-java>dbus-java", cell.get("pair").asText());
            assertEquals("matrix", cell.get("series").asText());
            assertFalse(cell.get("reference").asBoolean());
        }
        JsonNode references = root.get("reference_cells");
        assertEquals(8, references.size());
        for (JsonNode cell : references) {
            assertTrue(cell.get("reference").asBoolean(), cell.toString());
            CELL_KEYS.forEach(key -> assertTrue(cell.has(key), key + " in " + cell));
        }
        JsonNode libdbus = references.get(0);
        assertEquals(List.of("dbus-daemon", "libdbus>libdbus", "reference", "spam"), List.of(libdbus.get("transport").asText(),
                libdbus.get("pair").asText(), libdbus.get("series").asText(), libdbus.get("method").asText()));
        assertEquals(60.5, libdbus.get("us_per_call_median").asDouble(), 1e-9); // (elapsed − fixed) / (calls − 1)
        assertEquals(5, libdbus.get("fixed_cost_corrected_runs").asInt());
        assertEquals(12, root.get("sweep_cells").size());
        root.get("sweep_cells").forEach(c -> assertEquals("sweep", c.get("series").asText()));
    }

    @Test
    public void overheadCarriesMediansDifferencesRatiosAndTheTarget() throws Exception {
        JsonNode overhead = summaryOfFixture().get("overhead");
        assertEquals(2, overhead.size());
        JsonNode daemon = overhead.get(0);
        assertEquals(List.of("dbus-daemon", "sync", "1000", "1"), List.of(daemon.get("transport").asText(), daemon.get("mode").asText(),
                daemon.get("payload_bytes").asText(), daemon.get("window").asText()));
        JsonNode us = daemon.get("us_per_call");
        assertEquals(60.5, us.get("libdbus>libdbus").get("median").asDouble(), 1e-9);
        assertEquals(70.6, us.get("dbus-java>libdbus").get("median").asDouble(), 1e-9);
        assertEquals(84.8, us.get("libdbus>dbus-java").get("median").asDouble(), 1e-9);
        assertEquals(125.6789012, us.get("dbus-java>dbus-java").get("median").asDouble(), 1e-9);
        JsonNode client = daemon.get("client_overhead");
        assertEquals(1.0, client.get("target_ratio").asDouble(), 0);
        assertEquals(1.15, client.get("upper_bound_target").asDouble(), 0);
        assertEquals(1.1, daemon.get("server_overhead").get("target_ratio").asDouble(), 0);
        assertEquals(70.6 - 60.5, client.get("diff_us_per_call").asDouble(), 1e-9);
        assertEquals(70.6 / 60.5, client.get("ratio").asDouble(), 1e-12);
        assertTrue(client.get("ratio_ci95_low").asDouble() < client.get("ratio").asDouble());
        assertTrue(client.get("diff_us_per_call_ci95_high").asDouble() > client.get("diff_us_per_call").asDouble());
        assertFalse(client.get("meets_target").asBoolean()); // 70.6 / 60.5 = 1.17 > 1.0
        JsonNode server = daemon.get("server_overhead");
        assertEquals(84.8 / 60.5, server.get("ratio").asDouble(), 1e-12);
        assertFalse(server.get("meets_target").asBoolean());
        JsonNode broker = overhead.get(1);
        assertTrue(broker.get("us_per_call").get("libdbus>dbus-java").isNull());
        assertTrue(broker.get("server_overhead").isNull());
        assertEquals(broker.get("client_overhead").get("ratio").asDouble() <= 1.0
                && broker.get("client_overhead").get("ratio_ci95_high").asDouble() <= 1.15,
                broker.get("client_overhead").get("meets_target").asBoolean());
    }

    @Test
    public void floorSweepAndChecks() throws Exception {
        JsonNode root = summaryOfFixture();
        JsonNode floor = root.get("floor");
        assertEquals(8, floor.size());
        JsonNode p2p = floor.get(5);
        assertEquals(List.of("p2p-unix", "sync", "1000", "raw-unix"), List.of(p2p.get("transport").asText(), p2p.get("mode").asText(),
                p2p.get("payload_bytes").asText(), p2p.get("floor_transport").asText()));
        assertEquals(61.1111111 / 20.1, p2p.get("ratio").asDouble(), 1e-9);

        JsonNode sweep = root.get("sweep");
        assertEquals(2, sweep.size());
        JsonNode daemon = sweep.get(0);
        assertEquals("dbus-daemon", daemon.get("transport").asText());
        assertEquals(6, daemon.get("points").size());
        assertEquals(32, daemon.get("best_window").asInt());
        assertEquals(8, daemon.get("saturation_window").asInt());
        JsonNode w1 = daemon.get("points").get(0);
        assertEquals(1, w1.get("window").asInt());
        assertEquals(130.0, w1.get("us_per_call_median").asDouble(), 1e-9);
        assertEquals(1e6 / 130.0, w1.get("calls_per_second").asDouble(), 1e-6);
        assertTrue(w1.get("clean").asBoolean());

        JsonNode check = root.get("checks").get(0);
        assertEquals("over-limit", check.get("check").asText());
        assertEquals("dbus-daemon", check.get("bus").asText());
        assertEquals(64, check.get("max_replies_per_connection").asInt());
        assertEquals(128, check.get("window").asInt());
        assertEquals("LimitsExceeded", check.get("expected").asText());
        assertEquals(68, check.get("errors").asInt());
        assertEquals(0, check.get("lost").asInt());
        assertTrue(check.get("as_expected").asBoolean());
        assertTrue(check.get("lab_confirms").asBoolean());
        assertEquals(2, root.get("notes").size());
    }

    /** The fixture's dbus-daemon sync 1000 B cell is the sample of SampleStatisticsTest: same SciPy values. */
    @Test
    public void carriesTheStatisticsOfEachCell() throws Exception {
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
    public void carriesComparisonsWithIntervalsPValueAndVerdict() throws Exception {
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
    public void undefinedValuesAreNullAndCellsAreInContractOrder() throws Exception {
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
