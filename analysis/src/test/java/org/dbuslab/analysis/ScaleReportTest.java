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
        point(rows, series, transport, mode, window, clients, subscribers, rules, delayMs, rate, lost,
            ScaleRunsCsv.routeOf(series, delayMs));
    }

    private static void point(List<ScaleRunsCsv.Row> rows, String series, String transport, String mode, int window,
                              int clients, int subscribers, int rules, double delayMs, double rate, long lost, String route) {
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
                route.equals("relay") ? elapsed / 100 : -1, "-", route));
        }
        rows.add(new ScaleRunsCsv.Row(series, 1, "warmup", 0, "", transport, mode, window, 1000, clients, subscribers, rules,
            0, delayMs, 10, 1_000_000, 0, 0, 0, 0, 0, -1, -1, Double.NaN, -1, -1, -1, -1, "-", route));
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
        assertTrue(md.contains("| p2p-tcp | relay | 10 ms | sync | 1 | 50 | "), md);
        assertTrue(md.contains(" | 20150.0 | 20150.0 | 22165.0 | 50 | 100% | n/a |"), "µs/call, p50, p99, bound, net: " + md);
        assertTrue(md.contains("judged against loopback: this folder has no relay at D = 0"), "an older folder says so");
        assertFalse(md.contains("## Second network namespace"), "nothing to show");
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

    /**
     * A folder with the relay at D = 0 and the second namespace: raw TCP direct 30 µs/call, through the relay at D = 0
     * 400 µs (its own hops), at D = 1 ms 2434 µs: +20% against 2·D + loopback floor, but 2034 µs over the relay's own
     * floor against 2·D = 2000 µs, +1.7%.
     */
    private Path calibrated() {
        List<ScaleRunsCsv.Row> rows = new ArrayList<>();
        point(rows, "distance", "raw-tcp", "sync", 1, 1, 0, 0, 0, 1e6 / 30, 0, "direct");
        point(rows, "distance", "raw-tcp", "sync", 1, 1, 0, 0, 0, 1e6 / 400, 0, "relay");
        point(rows, "distance", "raw-tcp", "sync", 1, 1, 0, 0, 1, 1e6 / 2_434, 0, "relay");
        point(rows, "distance", "dbus-daemon-tcp", "sync", 1, 1, 0, 0, 0, 1e6 / 120, 0, "direct");
        point(rows, "distance", "dbus-daemon-tcp", "sync", 1, 1, 0, 0, 0, 1e6 / 500, 0, "relay");
        point(rows, "distance", "dbus-daemon-tcp", "sync", 1, 1, 0, 0, 1, 1e6 / 2_550, 0, "relay");
        point(rows, "distance", "dbus-daemon-tcp", "sync", 1, 1, 0, 0, 0, 1e6 / 150, 0, "netns");
        point(rows, "distance", "dbus-daemon-tcp", "async", 32, 1, 0, 0, 0, 20_000, 0, "direct");
        point(rows, "distance", "dbus-daemon-tcp", "async", 32, 1, 0, 0, 0, 16_000, 0, "netns");
        rows.forEach(r -> ScaleRunsCsv.append(dir, r));
        org.dbuslab.format.SkippedTsv.FORMAT.append(dir, List.of(
            new org.dbuslab.format.SkippedTsv.Row("p2p-tcp netns-sync", "ip not found (install the Debian package iproute2)")));
        return dir;
    }

    @Test
    public void theRelaysCheckIsJudgedNetOfItsOwnFloorWithTheFloorShown() throws Exception {
        String md = report(calibrated());
        assertTrue(md.contains("PASS — raw-tcp through the relay at D = 1 ms: 2434.0 µs/call, net of the relay's own floor "
            + "(the relay at D = 0: 400.0 µs) 2034.0 µs against 2·D = 2000.0 µs: within 10.0 % (+1.7%); against loopback "
            + "(2·D + floor = 2030.0 µs) +19.9%"), md);
        assertTrue(md.contains("| raw-tcp | sync | 1 | 30.0 | 400.0 | +370.0 | "), "the relay floor table: " + md);
        String findings = md.substring(md.indexOf("## Findings"), md.indexOf("## At a distance"));
        assertTrue(findings.contains("the delay line's own cost: raw-tcp sync through the relay at D = 0 takes 400.0 µs/call "
            + "against 30.0 direct, +370.0 µs (95% CI "), findings);
        assertTrue(findings.contains("paired over 5 blocks); net of that floor the relay's check: at D = 1 ms 2034.0 µs over "
            + "it against 2·D = 2000.0 (+1.7%, PASS; against loopback +19.9%)"), findings);
        // dbus-daemon-tcp at 1 ms: 2550 µs, of which the line's own 380 µs: 2170 net; its bound from 2·D + 500
        assertTrue(md.contains("dbus-daemon-tcp at D = 1 ms: sync 2550.0 µs/call, 2170.0 net of the relay's own cost (392 "
            + "calls/s, 98% of its bound)"), md);
        assertTrue(md.contains("| dbus-daemon-tcp | relay | 1 ms | sync | 1 | 392 | "), md);
        assertTrue(md.contains("| dbus-daemon-tcp | relay | 0 ms | sync | 1 | 2000 | "), "the relay at D = 0 is a row: " + md);
    }

    @Test
    public void remoteBusctlIsTheBridgeAtADistanceAgainstTheBussOwnTcpAddress() throws Exception {
        Path folder = calibrated();
        List<ScaleRunsCsv.Row> rows = new ArrayList<>();
        point(rows, "distance", "dbus-daemon-bridge", "sync", 1, 1, 0, 0, 0, 1e6 / 180, 0, "direct");
        point(rows, "distance", "dbus-daemon-bridge", "sync", 1, 1, 0, 0, 0, 1e6 / 560, 0, "relay");
        point(rows, "distance", "dbus-daemon-bridge", "sync", 1, 1, 0, 0, 1, 1e6 / 2_805, 0, "relay");
        rows.forEach(r -> ScaleRunsCsv.append(folder, r));
        String md = report(folder);
        // 2805 µs against dbus-daemon-tcp's 2550 at the same D: 1.10×, paired over the blocks
        assertTrue(md.contains("remote busctl's path (dbus-daemon-bridge) at D = 1 ms: sync 2805.0 µs/call"), md);
        assertTrue(md.contains("; 1.10× (95% CI "), md);
        assertTrue(md.contains(" the µs/call of dbus-daemon's own TCP address at the same D"), md);
        assertTrue(md.contains("| dbus-daemon-bridge | relay | 1 ms | sync | 1 | "), md);
        assertTrue(md.contains("path of busctl --host"), "the section says what the bridge target is: " + md);
    }

    @Test
    public void theSecondNamespaceHasItsTableFindingAndSkips() throws Exception {
        String md = report(calibrated());
        String section = md.substring(md.indexOf("## Second network namespace"));
        assertTrue(section.contains("the same kernel and the same CPUs as loopback, but a real IP path"), section);
        assertTrue(section.contains("| dbus-daemon-tcp | sync | 1 | 120.0 | "), section);
        assertTrue(section.contains(" | 150.0 | "), section);
        assertTrue(section.contains(" | 1.25× | "), "150 against 120 µs/call: " + section);
        assertTrue(section.contains("p2p-tcp netns-sync: not measured, ip not found (install the Debian package iproute2)"),
            section);
        String findings = md.substring(md.indexOf("## Findings"), md.indexOf("## At a distance"));
        assertTrue(findings.contains("second network namespace (a veth pair: the same kernel and CPUs, a real IP path), "
            + "µs/call against loopback: dbus-daemon-tcp window 32 1.25× (95% CI "), findings);
        assertTrue(findings.contains("dbus-daemon-tcp sync 1.25× (95% CI "), findings);
        assertEquals(1, findings.lines().filter(l -> l.contains("second network namespace")).count(), "one finding line");
    }

    @Test
    public void summaryJsonCarriesTheRelayFloorTheNetCheckAndTheNamespace() throws Exception {
        report(calibrated());
        JsonNode root = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        JsonNode rawFloor = null;
        for (JsonNode f : root.get("relay_floors")) {
            if (f.get("transport").asText().equals("raw-tcp")) {
                rawFloor = f;
            }
        }
        assertEquals(2, root.get("relay_floors").size());
        assertEquals(370, rawFloor.get("relay_cost_us_per_call").asDouble(), 1e-6);
        assertTrue(rawFloor.get("relay_cost_us_per_call_ci95_low").asDouble() < 370);
        assertEquals(5, rawFloor.get("paired_blocks").asInt());
        JsonNode check = root.get("relay_checks").get(0);
        assertEquals("relay-floor", check.get("judged_against").asText());
        assertEquals(400, check.get("relay_floor_us").asDouble(), 1e-6);
        assertEquals(2034, check.get("added_us").asDouble(), 1e-6);
        assertEquals(2064, check.get("net_us_per_call").asDouble(), 1e-6);
        assertEquals(2400, check.get("net_expected_us").asDouble(), 1e-6);
        assertTrue(check.get("passed").asBoolean());
        assertFalse(check.get("loopback_passed").asBoolean());
        JsonNode relay1 = null;
        for (JsonNode c : root.get("distance_cells")) {
            assertTrue(c.has("route"), c.toString());
            if (c.get("transport").asText().equals("dbus-daemon-tcp") && c.get("delay_ms").asDouble() == 1) {
                relay1 = c;
            }
        }
        assertEquals("relay", relay1.get("route").asText());
        assertEquals(2170, relay1.get("net_us_per_call").asDouble(), 1e-6);
        assertEquals(2500, relay1.get("rtt_calibrated_us").asDouble(), 1e-6);
        assertEquals(2120, relay1.get("rtt_us").asDouble(), 1e-6, "as before: 2·D + the direct floor");
        JsonNode namespace = root.get("second_namespace");
        assertEquals(3, namespace.size());
        JsonNode sync = namespace.get(namespace.get(0).get("mode").asText().equals("sync") ? 0 : 1);
        assertEquals(1.25, sync.get("ratio").asDouble(), 1e-9);
        assertEquals(120, sync.get("loopback_us_per_call").asDouble(), 1e-6);
        assertEquals(150, sync.get("namespace_us_per_call").asDouble(), 1e-6);
        assertEquals(5, sync.get("paired_blocks").asInt());
        assertTrue(sync.get("skipped").isNull());
        JsonNode skipped = namespace.get(2);
        assertEquals("p2p-tcp", skipped.get("transport").asText());
        assertEquals("sync", skipped.get("mode").asText());
        assertTrue(skipped.get("skipped").asText().contains("iproute2"));
    }

    @Test
    public void aTruncatedLastScaleLineIsAWarningNotAFailure() throws Exception {
        fixture(20_100);
        Files.writeString(dir.resolve(ScaleRunsCsv.FILE), "clients,1,meas", java.nio.file.StandardOpenOption.APPEND);
        String md = report(dir);
        assertTrue(md.contains("truncated last line skipped"), md);
    }
}
