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
        assertCalibrationBlocksRunBackToBack(Files.readAllLines(out.resolve("order.tsv")));
        String sessionLog = Files.readString(out.resolve("logs/session.log"));
        for (String bus : List.of("dbus-daemon", "dbus-broker")) {
            assertTrue(sessionLog.contains("server " + bus + " warmed up"), "the Java server on " + bus
                + " is warmed up before round 1 (libdbus>dbus-java warms only spam):\n" + sessionLog);
        }
    }

    /** A Java cell on a bus and its three libdbus pairs (same bus, mode, payload) hold consecutive positions. */
    private static void assertCalibrationBlocksRunBackToBack(List<String> order) {
        List<String> header = List.of(order.get(0).split("\t"));
        int round = header.indexOf("round");
        int position = header.indexOf("position");
        int series = header.indexOf("series");
        int kind = header.indexOf("kind");
        java.util.Map<String, List<Integer>> blocks = new java.util.TreeMap<>();
        for (String line : order.subList(1, order.size())) {
            String[] f = line.split("\t");
            boolean calibration = f[kind].startsWith("spam-") || f[kind].equals("java-libdbus")
                || f[kind].equals("java") && f[series].equals("matrix");
            if (calibration) {
                String key = f[round] + "/" + f[header.indexOf("transport")] + "/" + f[header.indexOf("mode")] + "/"
                    + f[header.indexOf("payload_bytes")];
                blocks.computeIfAbsent(key, k -> new java.util.ArrayList<>()).add(Integer.parseInt(f[position]));
            }
        }
        int checked = 0;
        for (var block : blocks.entrySet()) {
            List<Integer> positions = block.getValue();
            if (positions.size() == 4) {
                positions.sort(null);
                assertEquals(positions.get(0) + 3, positions.get(3), "block " + block.getKey() + " at " + positions);
                checked++;
            }
        }
        assertEquals(4, checked, "the quick preset calibrates 2 buses x 2 modes at 1000 B: " + blocks);
    }
}
