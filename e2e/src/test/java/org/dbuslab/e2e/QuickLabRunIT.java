package org.dbuslab.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The README's promise: lab/run-all.sh --quick measures every transport x mode x size with zero lost replies. */
class QuickLabRunIT {

    private static final List<String> TRANSPORTS = List.of("dbus-daemon", "dbus-broker", "p2p-unix", "p2p-tcp",
        "dbus-daemon-tcp");

    @TempDir
    Path tmp;

    @Test
    void quickPresetMeasuresTheWholeMatrixWithoutLosses() throws Exception {
        Path out = tmp.resolve("results");
        LabRun.Outcome outcome = LabRun.run(tmp.resolve("run-all.log"), 600, "--quick", "--no-build", "--out", out.toString());
        assertEquals(0, outcome.exitCode(), outcome.stderr());

        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(0, summary.get("skipped").size(), "nothing may be skipped here: " + summary.get("skipped"));
        Set<String> cells = new HashSet<>();
        for (JsonNode cell : summary.get("cells")) {
            String name = cell.get("transport").asText() + "/" + cell.get("mode").asText() + "/"
                + cell.get("payload_bytes").asInt();
            cells.add(name);
            assertEquals(0, cell.get("lost").asLong(), name);
            assertEquals(0, cell.get("mismatched").asLong(), name);
            assertEquals(0, cell.get("errors").asLong(), name);
            assertTrue(cell.get("runs").asInt() >= 3, name);
            assertTrue(cell.get("us_per_call_median").asDouble() > 0, name);
        }
        for (String transport : TRANSPORTS) {
            for (String mode : List.of("sync", "async")) {
                for (int size : new int[] {1000, 10_000}) {
                    assertTrue(cells.contains(transport + "/" + mode + "/" + size), "missing cell " + transport
                        + "/" + mode + "/" + size + " in " + cells);
                }
            }
        }
        assertEquals(20, cells.size(), cells.toString());
        String report = Files.readString(out.resolve("report.md"));
        for (String transport : TRANSPORTS) {
            assertTrue(report.contains(transport), "report names " + transport);
        }
        assertTrue(Files.exists(out.resolve("environment.json")));
        List<String> rows = Files.readAllLines(out.resolve("runs.csv"));
        assertTrue(rows.size() > 20 * 3);
        // Every Java client run says how long its JIT compiled meanwhile, and the report sums it up.
        int jitColumn = List.of(rows.get(0).split(",")).indexOf("jit_ms");
        assertTrue(jitColumn >= 0, rows.get(0));
        assertTrue(rows.stream().skip(1).filter(r -> r.contains(",matrix,"))
            .allMatch(r -> r.split(",", -1)[jitColumn].matches("\\d+")), "jit_ms on every matrix row");
        assertTrue(report.contains("JIT compilation in the Java clients"), "report sums up jit_ms");
        assertEveryBlockRunsEveryCellOnce(Files.readAllLines(out.resolve("order.tsv")));
        assertRowsCarryTheirBlockAndCpu(rows);
        assertLibraryRowsAreClean(rows);
        String sessionLog = Files.readString(out.resolve("logs/session.log"));
        for (String bus : List.of("dbus-daemon", "dbus-broker")) {
            assertTrue(sessionLog.contains("server " + bus + " warmed up"), "the Java server on " + bus
                + " is warmed up before round 1 (libdbus>dbus-java warms only spam):\n" + sessionLog);
        }
    }

    /**
     * order.tsv: the quick preset's blocks (1 warm-up, 3 measured) each run every cell once; the warm-up block
     * has every cell but the over-limit check (off with --quick), so all four blocks list the same cells.
     */
    private static void assertEveryBlockRunsEveryCellOnce(List<String> order) {
        List<String> header = List.of(order.get(0).split("\t"));
        int round = header.indexOf("round");
        java.util.Map<String, List<String>> blocks = new java.util.TreeMap<>();
        for (String line : order.subList(1, order.size())) {
            String[] f = line.split("\t");
            String cell = String.join("/", f[header.indexOf("kind")], f[header.indexOf("pair")],
                f[header.indexOf("transport")], f[header.indexOf("mode")], f[header.indexOf("payload_bytes")],
                f[header.indexOf("window")]);
            blocks.computeIfAbsent(f[round], k -> new java.util.ArrayList<>()).add(cell);
        }
        assertEquals(Set.of("1", "2", "3", "4"), blocks.keySet(), "1 warm-up + 3 measured blocks");
        Set<String> first = new HashSet<>(blocks.get("1"));
        assertEquals(blocks.get("1").size(), first.size(), "each cell once per block");
        for (var block : blocks.entrySet()) {
            assertEquals(first, new HashSet<>(block.getValue()), "block " + block.getKey());
        }
        assertTrue(!blocks.get("2").equals(blocks.get("3")) || !blocks.get("3").equals(blocks.get("4")),
            "interleaved blocks are shuffled");
    }

    /** runs.csv: round = the block (warm-up rows in block 1), and every run has its client and server CPU. */
    /**
     * The quick preset's libraries cells (glib and sd-bus against the Java server and themselves) and its lkml cell
     * ran with every reply verified; they need the C peers (make -C peers; CI builds them, elsewhere they may be a
     * skipped.tsv line).
     */
    private static void assertLibraryRowsAreClean(List<String> rows) {
        List<String> header = List.of(rows.get(0).split(","));
        int series = header.indexOf("series");
        int pair = header.indexOf("pair");
        Set<String> pairs = new HashSet<>();
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            if (f[series].equals("libraries") || f[series].equals("lkml")) {
                pairs.add(f[series] + " " + f[pair]);
                for (String column : List.of("lost", "mismatched", "errors")) {
                    assertEquals("0", f[header.indexOf(column)], column + ": " + row);
                }
            }
        }
        boolean peers = Files.isExecutable(LabRun.REPO.resolve("peers/build/glib-echo-client"))
            && Files.isExecutable(LabRun.REPO.resolve("peers/build/sdbus-echo-client"));
        if (peers || "true".equals(System.getenv("CI"))) {
            assertEquals(Set.of("libraries glib>dbus-java", "libraries sd-bus>dbus-java", "libraries glib>glib",
                "libraries sd-bus>sd-bus", "lkml glib>glib"), pairs);
        }
    }

    private static void assertRowsCarryTheirBlockAndCpu(List<String> rows) {
        List<String> header = List.of(rows.get(0).split(","));
        int round = header.indexOf("round");
        int phase = header.indexOf("phase");
        int transport = header.indexOf("transport");
        int client = header.indexOf("cpu_client_ns");
        int bus = header.indexOf("cpu_bus_ns");
        int server = header.indexOf("cpu_server_ns");
        assertTrue(round >= 0 && client >= 0 && bus >= 0 && server >= 0, rows.get(0));
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            assertEquals(f[round].equals("1"), f[phase].equals("warmup"), row);
            assertTrue(Long.parseLong(f[client]) > 0 && Long.parseLong(f[server]) > 0, "client and server CPU: " + row);
            boolean onBus = f[transport].startsWith("dbus-");
            assertEquals(onBus, Long.parseLong(f[bus]) > 0, "bus CPU only on a bus: " + row);
        }
    }
}
