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

/**
 * The README's promise: lab/run-all.sh --quick measures every transport x mode x size with zero lost replies. The
 * scenarios that follow the matrix are ScenariosLabRunIT's, in a fork of their own.
 */
class QuickLabRunIT {

    private static final List<String> TRANSPORTS = List.of("dbus-daemon", "dbus-broker", "p2p-unix", "p2p-tcp",
        "dbus-daemon-tcp");

    @TempDir
    Path tmp;

    @Test
    void quickPresetMeasuresTheWholeMatrixWithoutLosses() throws Exception {
        Path out = tmp.resolve("results");
        LabRun.buildPeers(tmp); // --no-build: the launcher does not make the C peers the quick preset's library cells need
        // --budget: the preset's 3 min ran out beside a CPU hog; the preset's blocks are what this checks
        LabRun.Outcome outcome = LabRun.run(tmp.resolve("run-all.log"), 600, "--quick", "--no-build", "--scenarios", "none",
            "--budget", "10m", "--placement", "one-cpu,cross", "--out", out.toString());
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
        assertEveryBlockRunsTheMatrixAndItsRotationGroup(Files.readAllLines(out.resolve("order.tsv")),
            Files.readString(out.resolve("logs/session.log")));
        assertRowsCarryTheirBlockAndCpu(rows);
        assertLibraryRowsAreClean(rows);
        assertLibdbusRowsAreTimedByTheirClient(rows);
        String sessionLog = Files.readString(out.resolve("logs/session.log"));
        for (String bus : List.of("dbus-daemon", "dbus-broker")) {
            assertTrue(sessionLog.contains("server " + bus + " warmed up"), "the Java server on " + bus
                + " is warmed up before round 1 (libdbus>dbus-java warms only spam):\n" + sessionLog);
        }
    }

    /**
     * order.tsv: the quick preset's blocks (1 warm-up, 3 measured). The warm-up block runs every cell once (the
     * over-limit check is off with --quick); each measured block runs every matrix cell once and the cells of its
     * rotation group (block_group: their mode and size, sync-1000, async-1000, sync-1000 in turn, or a turn given
     * again after a half set aside), so over the
     * three every cell of the warm-up block has run; the 2015 experiment's pipelined cell and the lab-health finding's
     * reference cells (dbus-daemon sync 1000 B) run in every measured block.
     */
    private static void assertEveryBlockRunsTheMatrixAndItsRotationGroup(List<String> order, String sessionLog) {
        List<String> header = List.of(order.get(0).split("\t"));
        int round = header.indexOf("round");
        int group = header.indexOf("block_group");
        assertTrue(group >= 0, order.get(0));
        java.util.Map<String, List<String>> blocks = new java.util.TreeMap<>();
        java.util.Map<String, Set<String>> groups = new java.util.TreeMap<>();
        Set<String> matrix = new HashSet<>();
        Set<String> lkmlAsyncBlocks = new java.util.TreeSet<>();
        Set<String> healthBlocks = new java.util.TreeSet<>();
        for (String line : order.subList(1, order.size())) {
            String[] f = line.split("\t");
            String mode = f[header.indexOf("mode")];
            String size = f[header.indexOf("payload_bytes")];
            String cell = String.join("/", f[header.indexOf("series")], f[header.indexOf("kind")], f[header.indexOf("pair")],
                f[header.indexOf("transport")], mode, size, f[header.indexOf("window")]);
            blocks.computeIfAbsent(f[round], k -> new java.util.ArrayList<>()).add(cell);
            groups.computeIfAbsent(f[round], k -> new HashSet<>()).add(f[group]);
            if (f[header.indexOf("series")].equals("matrix")) {
                matrix.add(cell);
            } else if (f[header.indexOf("series")].equals("lkml") && mode.equals("async")) {
                lkmlAsyncBlocks.add(f[round]); // the 2015 experiment's pipelined cells run in every block
            } else if (f[header.indexOf("series")].equals("reference") && f[header.indexOf("transport")].equals("dbus-daemon")
                && mode.equals("sync") && size.equals("1000")) {
                healthBlocks.add(f[round]); // and the lab-health finding's reference cells
            } else if (!f[round].equals("1")) {
                assertEquals(mode + "-" + size, f[group], "a rotated cell runs in its group's blocks only: " + line);
            }
        }
        assertEquals(Set.of("1", "2", "3", "4"), blocks.keySet(), "1 warm-up + 3 measured blocks");
        assertEquals(Set.of("2", "3", "4"), lkmlAsyncBlocks, "the 2015 experiment's pipelined cell: every measured block");
        assertEquals(Set.of("1", "2", "3", "4"), healthBlocks, "the lab-health finding's cells: every block");
        assertEquals(20, matrix.size());
        assertEquals(Set.of("all"), groups.get("1"), "the warm-up block runs every cell but the lkml ones");
        // group (b-1) mod 2 of measured block b, but a turn whose one-cpu half (where the groups' cells run) the
        // host slowed is given to its group again (Rotation.choosing), at most one turn ahead of the other group
        java.util.function.IntPredicate setAside = b -> sessionLog.contains("block " + b + ": its one-cpu runs set aside");
        String third = setAside.test(2) ? "sync-1000" : "async-1000";
        String fourth = third.equals("sync-1000") ? "async-1000" : setAside.test(3) ? "async-1000" : "sync-1000";
        assertEquals(List.of(Set.of("sync-1000"), Set.of(third), Set.of(fourth)),
            List.of(groups.get("2"), groups.get("3"), groups.get("4")), "the turns of measured blocks 1-3");
        Set<String> first = new HashSet<>(blocks.get("1"));
        assertOncePerPlacement(blocks.get("1"), matrix, "1", 1);
        Set<String> measured = new HashSet<>();
        for (String b : List.of("2", "3", "4")) {
            assertOncePerPlacement(blocks.get(b), matrix, b, 3); // CellKind.runsPerMeasuredBlock
            assertTrue(blocks.get(b).containsAll(matrix), "the matrix in block " + b);
            measured.addAll(blocks.get(b));
        }
        Set<String> notWarmed = new HashSet<>(measured);
        notWarmed.removeAll(first);
        assertTrue(notWarmed.stream().allMatch(c -> c.startsWith("lkml/")), "only the lkml cells skip the warm-up: " + notWarmed);
        assertTrue(!notWarmed.isEmpty(), "the quick preset's lkml cell is measured without a warm-up run");
        first.addAll(notWarmed);
        assertEquals(first, measured, "over the measured blocks every cell has run");
        assertTrue(!blocks.get("2").equals(blocks.get("4")), "the blocks' orders are shuffled");
    }

    /**
     * order.tsv has no placement column: a matrix cell is in a block once per placement (one-cpu, cross), a raw floor
     * cell CellKind.runsPerMeasuredBlock times (three in a measured block, its runs being short), the rest once.
     */
    private static void assertOncePerPlacement(List<String> block, Set<String> matrix, String number, int floorRuns) {
        java.util.Map<String, Long> times = block.stream().collect(java.util.stream.Collectors.groupingBy(c -> c,
            java.util.stream.Collectors.counting()));
        times.forEach((cell, n) -> assertEquals(matrix.contains(cell) ? 2L : cell.startsWith("reference/raw/")
            ? floorRuns : 1L, n, cell + " in block " + number));
    }

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

    /** libdbus-spam times its own calls: its rows say so and carry no fixed cost to subtract. */
    private static void assertLibdbusRowsAreTimedByTheirClient(List<String> rows) {
        List<String> header = List.of(rows.get(0).split(","));
        int pair = header.indexOf("pair");
        int method = header.indexOf("method");
        int fixed = header.indexOf("fixed_ns");
        long libdbus = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            if (f[pair].startsWith("libdbus>")) {
                libdbus++;
                assertEquals("spam-timed", f[method], row);
                assertEquals("", f[fixed], row);
            }
        }
        assertTrue(libdbus > 0, "the reference rows ran libdbus's client");
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
            assertTrue(f[client].matches("\\d+") && f[bus].matches("\\d+") && f[server].matches("\\d+"),
                "every CPU column read: " + row);
            assertTrue(Long.parseLong(f[client]) > 0 && Long.parseLong(f[server]) > 0, "client and server CPU: " + row);
            boolean onBus = f[transport].startsWith("dbus-");
            assertEquals(onBus, Long.parseLong(f[bus]) > 0, "bus CPU only on a bus: " + row);
        }
    }
}
