package org.dbuslab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dbuslab.format.ScaleRunsCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scale session's folder (scale-runs.csv only, no runs.csv) made of known rows: the report's three sections, their
 * verdicts with CIs, the relay's check as pass and fail, and summary.json's scale lists.
 */
public class ScaleReportTest {

    @TempDir
    public Path dir;

    /**
     * Five blocks of each point; RATE per second (the median) with a small, fixed spread: narrow but defined CIs.
     * Distance runs' p50 is about their µs/call (median of blocks 1-4: 10⁶ / RATE) and p99 1.1× that; block 5 has
     * none (its latency log unreadable). The other series' p50/p99 are 50 and 400 µs.
     */
    private static void point(List<ScaleRunsCsv.Row> rows, String series, String transport, String mode, int window,
                              int clients, int subscribers, int rules, double delayMs, double rate, long lost) {
        double[] spread = {0.98, 1.0, 1.01, 0.99, 1.02};
        double[] latencySpread = {0.9, 1.0, 1.0, 1.2};
        boolean distance = series.equals("distance");
        for (int block = 1; block <= 5; block++) {
            long count = 10_000;
            long elapsed = Math.round(count / (rate * spread[block - 1]) * 1e9);
            long p50 = !distance ? 50_000 : block == 5 ? -1 : Math.round(1e9 / rate * latencySpread[block - 1]);
            long p99 = !distance ? 400_000 : block == 5 ? -1 : Math.round(1.1e9 / rate * latencySpread[block - 1]);
            rows.add(new ScaleRunsCsv.Row(series, block, "measure", 1, "2026-12-01T17:0" + block + ":00Z", transport, mode,
                window, 1000, clients, subscribers, rules, rules / 64, delayMs, count, elapsed, block == 1 ? lost : 0, 0,
                0, 0, 0, p50, p99,
                series.equals("clients") ? 0.99 : Double.NaN, elapsed / 2, elapsed / 4, series.equals("signals") ? 0 : elapsed / 8,
                series.equals("distance") && delayMs > 0 ? elapsed / 100 : -1, "-"));
        }
        rows.add(new ScaleRunsCsv.Row(series, 1, "warmup", 0, "", transport, mode, window, 1000, clients, subscribers, rules,
            0, delayMs, 10, 1_000_000, 0, 0, 0, 0, 0, -1, -1, Double.NaN, -1, -1, -1, -1, "-"));
    }

    private Path fixture(double farRawUsPerCall) {
        List<ScaleRunsCsv.Row> rows = new ArrayList<>();
        for (int n : List.of(1, 16)) {
            point(rows, "clients", "dbus-daemon", "sync", 1, n, 0, 0, 0, n == 1 ? 5_000 : 10_000, 0);
            point(rows, "clients", "dbus-broker", "sync", 1, n, 0, 0, 0, n == 1 ? 6_000 : 25_000, 0);
            point(rows, "clients", "p2p-unix", "sync", 1, n, 0, 0, 0, n == 1 ? 9_000 : 40_000, 0);
        }
        for (String bus : List.of("dbus-daemon", "dbus-broker")) {
            double base = bus.equals("dbus-daemon") ? 20_000 : 60_000;
            point(rows, "signals", bus, "signal", 64, 0, 1, 0, 0, base / 4, 0);
            point(rows, "signals", bus, "signal", 64, 0, 16, 0, 0, base, 0);
            point(rows, "signals", bus, "signal", 64, 0, 4, 0, 0, base / 2, 0);
            point(rows, "signals", bus, "signal", 64, 0, 4, 1024, 0, bus.equals("dbus-daemon") ? base / 8 : base / 2.2, 0);
        }
        point(rows, "distance", "raw-tcp", "sync", 1, 1, 0, 0, 0, 1e6 / 50, 0);
        point(rows, "distance", "raw-tcp", "sync", 1, 1, 0, 0, 1, 1e6 / 2_060, 0);
        point(rows, "distance", "raw-tcp", "sync", 1, 1, 0, 0, 10, 1e6 / farRawUsPerCall, 0);
        point(rows, "distance", "p2p-tcp", "sync", 1, 1, 0, 0, 0, 1e6 / 100, 0);
        point(rows, "distance", "p2p-tcp", "sync", 1, 1, 0, 0, 10, 1e6 / 20_150, 0);
        point(rows, "distance", "p2p-tcp", "async", 64, 1, 0, 0, 10, 2_900, 0);
        point(rows, "distance", "p2p-tcp", "async", 256, 1, 0, 0, 10, 9_000, 3);
        rows.forEach(r -> ScaleRunsCsv.append(dir, r));
        return dir;
    }

    private String report(Path folder) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(0, AnalysisMain.run(new PrintWriter(out), new PrintWriter(err), "report", folder.toString()), err.toString());
        return Files.readString(folder.resolve("report.md"));
    }

    /** A scale folder's report opens with the scale verdicts, and has none of the matrix's empty sections. */
    @Test
    public void aScaleFolderLeadsWithItsFindingsAndLeavesOutTheMatrixSections() throws Exception {
        String md = report(fixture(20_100));
        String findings = md.substring(md.indexOf("## Findings"), md.indexOf("## Many clients"));
        assertTrue(findings.contains("- at 16 clients, sync: dbus-broker serves 2.50× (95% CI "), findings);
        assertTrue(findings.contains("([Many clients](#many-clients))"), findings);
        assertTrue(findings.contains("- to 16 subscribers, dbus-broker delivers 3.00×"), findings);
        assertTrue(findings.contains("every signal reached every subscriber exactly once"), findings);
        assertTrue(findings.contains(" at D = 10 ms: sync "), findings);
        assertFalse(findings.contains("Nothing to conclude"), findings);
        for (String matrixOnly : List.of("## Headline", "## Lab health", "## Where the time goes", "## Precision",
                "## Pipelining-depth sweep", "## Over-limit check", "## Run order")) {
            assertFalse(md.contains(matrixOnly), matrixOnly + " in a scale report: " + md);
        }
        assertTrue(md.contains("## Machine and versions"), md);
    }

    @Test
    public void aScaleFolderGetsItsThreeSectionsWithVerdictsAndCis() throws Exception {
        String md = report(fixture(20_100));
        assertTrue(md.contains("## Many clients"), md);
        assertTrue(md.contains("## Signals and match rules"));
        assertTrue(md.contains("## At a distance"));
        assertTrue(md.contains("at 16 clients, sync: dbus-broker serves 2.50× (95% CI "), md);
        assertTrue(md.contains("the calls/s of dbus-daemon (25000 against 10000)"), md);
        assertTrue(md.contains(", paired over 5 blocks) the calls/s of dbus-daemon"), "both points ran in blocks 1-5: " + md);
        assertTrue(md.contains("dbus-broker, sync: 16 clients make 4.17× (95% CI"), md);
        assertTrue(md.contains("to 16 subscribers, dbus-broker delivers 3.00× (95% CI"), md);
        assertTrue(md.contains("dbus-daemon: with 1024 non-matching rules on idle connections it delivers 0.25× (95% CI"), md);
        assertTrue(md.contains("every signal reached every subscriber exactly once"), md);
        assertTrue(md.contains("PASS — raw-tcp through the relay at D = 1 ms: 2060.0 µs/call against 2·D + floor = 2050.0 µs"), md);
        assertTrue(md.contains("PASS — raw-tcp through the relay at D = 10 ms"), md);
        // p2p-tcp at 10 ms: sync 20150 µs/call is its whole bound (RTT = 20000 + its own 100 µs floor)
        assertTrue(md.contains("p2p-tcp at D = 10 ms: sync 20150.0 µs/call (50 calls/s, 100% of its bound); pipelined, window 64: "
            + "2900 calls/s, 91% of window ÷ RTT"), md);
        assertFalse(md.contains("window 256: "), "a point with lost calls is not the best window");
        assertTrue(md.contains("| µs/call | p50 µs | p99 µs | bound calls/s |"), "the distance table's latency columns");
        assertTrue(md.contains("| p2p-tcp | 10 ms | sync | 1 | 50 | "), md);
        assertTrue(md.contains(" | 20150.0 | 20150.0 | 22165.0 | 50 | 100% |"), "µs/call, p50, p99, bound: " + md);
    }

    @Test
    public void aRelayThatAddsTooMuchFailsItsCheck() throws Exception {
        String md = report(fixture(23_000));
        assertTrue(md.contains("FAIL — raw-tcp through the relay at D = 10 ms: 23000.0 µs/call against 2·D + floor = "
            + "20050.0 µs (floor 50.0 µs): within 10.0 % NOT met (+14.7%)"), md);
    }

    @Test
    public void summaryJsonListsTheScaleCellsWithTheirParametersAndRates() throws Exception {
        report(fixture(20_100));
        JsonNode root = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertEquals(6, root.get("clients_cells").size());
        assertEquals(8, root.get("signals_cells").size());
        assertEquals(7, root.get("distance_cells").size());
        JsonNode broker16 = null;
        for (JsonNode c : root.get("clients_cells")) {
            if (c.get("transport").asText().equals("dbus-broker") && c.get("clients").asInt() == 16) {
                broker16 = c;
            }
        }
        assertEquals("clients", broker16.get("series").asText());
        assertEquals(25_000, broker16.get("calls_per_second_median").asDouble(), 1);
        assertTrue(broker16.get("calls_per_second_median_ci95_low").asDouble() < 25_000);
        assertEquals(5, broker16.get("runs").asInt());
        assertEquals(0, broker16.get("lost").asInt());
        for (String key : List.of("subscribers", "match_rules", "delay_ms", "window", "payload_bytes", "mismatched", "errors")) {
            assertTrue(broker16.has(key), key);
        }
        JsonNode rules = root.get("signals_cells").get(0);
        assertTrue(rules.has("signals_per_second_median") && rules.has("cpu_us_per_signal"), rules.toString());
        JsonNode lossy = null;
        for (JsonNode c : root.get("distance_cells")) {
            if (c.get("window").asInt() == 256) {
                lossy = c;
            }
        }
        assertEquals(3, lossy.get("lost").asInt());
        assertFalse(lossy.get("clean").asBoolean());
        assertEquals(20_100, lossy.get("rtt_us").asDouble(), 1e-6);
        // per-call latency: the median of the runs' own p50 and p99, over the runs that have them
        assertEquals(1e6 / 9_000, lossy.get("p50_us").asDouble(), 1e-3);
        assertEquals(1.1e6 / 9_000, lossy.get("p99_us").asDouble(), 1e-3);
        for (JsonNode c : root.get("distance_cells")) {
            assertTrue(c.get("p50_us").isNumber() && c.get("p99_us").isNumber(), "p50/p99 of every distance cell: " + c);
            assertTrue(c.get("p99_us").asDouble() > c.get("p50_us").asDouble(), c.toString());
        }
        assertEquals(2, root.get("relay_checks").size());
        assertTrue(root.get("relay_checks").get(0).get("passed").asBoolean());
    }

    @Test
    public void aTruncatedLastScaleLineIsAWarningNotAFailure() throws Exception {
        fixture(20_100);
        Files.writeString(dir.resolve(ScaleRunsCsv.FILE), "clients,1,meas", java.nio.file.StandardOpenOption.APPEND);
        String md = report(dir);
        assertTrue(md.contains("truncated last line skipped"), md);
    }
}
