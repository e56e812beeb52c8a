package org.dbuslab.analysis;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.format.RunsCsv;
import org.dbuslab.format.RunsCsvRow;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A results folder drawn from a known distribution: each cell's runs are log-normal around a chosen µs
 * per call with 1 % spread, transports interleaved round-robin as the lab runs them. Seeded, so a test
 * sees the same folder every time.
 */
public final class SyntheticSession {

    public static final int CALLS = 10000;
    public static final double SPREAD = 0.01;

    /** µs per call by cell name "transport mode payload", e.g. "dbus-broker sync 1000". */
    public static Map<String, Double> standardCells() {
        Map<String, Double> cells = new LinkedHashMap<>();
        cells.put("dbus-daemon sync 1000", 125.0);
        cells.put("dbus-broker sync 1000", 95.0);
        cells.put("dbus-daemon sync 10000", 160.0);
        cells.put("dbus-broker sync 10000", 120.0);
        return cells;
    }

    public static Path write(Path dir, long seed, int runs, Map<String, Double> usPerCall) {
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder csv = new StringBuilder(Fixtures.RUNS_HEADER);
        Instant t = Instant.parse("2025-06-01T10:00:00Z");
        for (int run = 1; run <= runs; run++) {
            for (Map.Entry<String, Double> cell : usPerCall.entrySet()) {
                String[] name = cell.getKey().split(" ");
                double gaussian = Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
                long elapsedNs = Math.round(cell.getValue() * 1000 * CALLS * Math.exp(SPREAD * gaussian));
                csv.append(String.join(",", name[0], name[1], name[2], "1", String.valueOf(CALLS), String.valueOf(run),
                        String.valueOf(elapsedNs), "0", "0", "0", "measure", "echo", t.toString())).append('\n');
                t = t.plusSeconds(2);
            }
        }
        Fixtures.write(dir, "runs.csv", csv.toString());
        Fixtures.write(dir, "environment.json", "{\"hostname\": \"synthetic\"}");
        return dir;
    }

    /**
     * A cell of a block session: its µs per call and its processes' CPU µs per call (NaN: not measured, an empty
     * field). Spam cells get a fixed cost of {@link #SPAM_FIXED_NS}, added to their elapsed time.
     */
    public record BlockCell(String transport, String mode, int payloadBytes, int window, String pair, String series, String method,
                     double usPerCall, double clientUs, double busUs, double serverUs, String placement) {

        /** A cell whose rows leave the placement column empty, as older sessions did. */
        public BlockCell(String transport, String mode, int payloadBytes, int window, String pair, String series, String method,
                         double usPerCall, double clientUs, double busUs, double serverUs) {
            this(transport, mode, payloadBytes, window, pair, series, method, usPerCall, clientUs, busUs, serverUs, null);
        }
    }

    /**
     * An issue-21 session: the matrix under one-cpu and cross in the same blocks, the reference rows under one-cpu.
     * dbus-broker is faster than dbus-daemon on one CPU and slower across CPUs (a verdict that depends on placement);
     * p2p-unix is faster in both; dbus-broker async equals dbus-daemon async within 1% on one CPU.
     */
    public static List<BlockCell> placementCells() {
        List<BlockCell> cells = new ArrayList<>();
        String j = CellKey.SUBJECT_PAIR;
        String one = "one-cpu";
        String cross = "cross";
        cells.add(new BlockCell("dbus-daemon", "sync", 1000, 1, j, "matrix", "echo", 60, 25, 25, 10, one));
        cells.add(new BlockCell("dbus-daemon", "sync", 1000, 1, j, "matrix", "echo", 190, 30, 30, 12, cross));
        cells.add(new BlockCell("dbus-broker", "sync", 1000, 1, j, "matrix", "echo", 50, 25, 15, 10, one));
        cells.add(new BlockCell("dbus-broker", "sync", 1000, 1, j, "matrix", "echo", 210, 30, 20, 12, cross));
        cells.add(new BlockCell("p2p-unix", "sync", 1000, 1, j, "matrix", "echo", 21, 10, Double.NaN, 8, one));
        cells.add(new BlockCell("p2p-unix", "sync", 1000, 1, j, "matrix", "echo", 77, 12, Double.NaN, 9, cross));
        cells.add(new BlockCell("dbus-daemon", "async", 1000, 16, j, "matrix", "echo", 40, 15, 20, 5, one));
        cells.add(new BlockCell("dbus-daemon", "async", 1000, 16, j, "matrix", "echo", 30, 15, 20, 5, cross));
        cells.add(new BlockCell("dbus-broker", "async", 1000, 16, j, "matrix", "echo", 40.2, 15, 20, 5, one));
        cells.add(new BlockCell("dbus-broker", "async", 1000, 16, j, "matrix", "echo", 26, 15, 20, 5, cross));
        cells.add(new BlockCell("dbus-daemon", "sync", 1000, 1, CellKey.LIBDBUS_PAIR, "reference", "spam", 55, 20, 25, 10, one));
        cells.add(new BlockCell("raw-unix", "sync", 1000, 1, CellKey.RAW_PAIR, "reference", "raw", 12, 5, Double.NaN, 4, one));
        return cells;
    }

    public static final int BLOCK_CALLS = 1000;
    public static final int PRESET_CALLS = 2000;
    public static final long SPAM_FIXED_NS = 3_000_000L;
    /** Common-mode drift: in block b every cell takes this factor longer, (1 + 0.25 sin(1.3 b)). */
    public static double drift(int block) {
        return 1 + 0.25 * Math.sin(1.3 * block);
    }

    /** The session runner's folder: one warm-up block, then {@code blocks} measured blocks of one run per cell. */
    public static List<BlockCell> blockCells() {
        List<BlockCell> cells = new ArrayList<>();
        String j = CellKey.SUBJECT_PAIR;
        cells.add(new BlockCell("dbus-daemon", "sync", 1000, 1, j, "matrix", "echo", 160, 60, 70, 20));
        cells.add(new BlockCell("dbus-broker", "sync", 1000, 1, j, "matrix", "echo", 152, 60, 50, 20));
        cells.add(new BlockCell("p2p-unix", "sync", 1000, 1, j, "matrix", "echo", 80, 40, Double.NaN, 20));
        cells.add(new BlockCell("dbus-daemon", "sync", 1000, 1, CellKey.LIBDBUS_PAIR, "reference", "spam", 150, 45, 71, 31));
        cells.add(new BlockCell("dbus-daemon", "sync", 1000, 1, CellKey.JAVA_CLIENT_PAIR, "reference", "spam", 170, 65, 71, 31));
        cells.add(new BlockCell("dbus-daemon", "sync", 1000, 1, CellKey.JAVA_SERVER_PAIR, "reference", "spam", 165, 45, 71, 45));
        cells.add(new BlockCell("raw-unix", "sync", 1000, 1, CellKey.RAW_PAIR, "reference", "raw", 30, 10, Double.NaN, 8));
        cells.add(new BlockCell("dbus-daemon", "async", 1000, 1, j, "sweep", "echo", 100, 40, 45, 15));
        cells.add(new BlockCell("dbus-daemon", "async", 1000, 2, j, "sweep", "echo", 90, 38, 44, 14));
        cells.add(new BlockCell("dbus-daemon", "async", 1000, 4, j, "sweep", "echo", 89.5, 37, 44, 14));
        return cells;
    }

    public static Path writeBlocks(Path dir, long seed, int blocks, List<BlockCell> cells) {
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder csv = new StringBuilder(RunsCsv.header(RunsCsv.COLUMNS)).append('\n');
        Instant t = Instant.parse("2025-06-01T10:00:00Z");
        Map<BlockCell, Integer> runs = new LinkedHashMap<>();
        for (int block = 1; block <= blocks + 1; block++) {
            String phase = block == 1 ? RunsCsv.PHASE_WARMUP : RunsCsv.PHASE_MEASURE;
            int calls = block == 1 ? PRESET_CALLS : BLOCK_CALLS; // the runner calibrates calls after the first block
            for (BlockCell cell : cells) {
                double noise = 1 + 0.01 * (random.nextDouble() - 0.5);
                boolean spam = cell.method().equals("spam") && cell.pair().startsWith("libdbus>");
                long elapsed = Math.round(cell.usPerCall() * drift(block) * noise * 1000 * (spam ? calls - 1 : calls))
                        + (spam ? SPAM_FIXED_NS : 0);
                int run = runs.merge(cell, 1, Integer::sum);
                RunsCsvRow row = new RunsCsvRow(cell.transport(), cell.mode(), cell.payloadBytes(), cell.window(), calls, run,
                        elapsed, 0, 0, 0, phase, cell.method(), t, null, null, cell.pair().startsWith("dbus-java>") ? 0L : null,
                        block, cell.pair(), !cell.pair().equals(CellKey.SUBJECT_PAIR) || cell.series().equals("reference"),
                        cell.series(), spam ? SPAM_FIXED_NS : null, null,
                        cpuNs(cell.clientUs(), calls), cpuNs(cell.busUs(), calls), cpuNs(cell.serverUs(), calls), cell.placement(), null);
                csv.append(RunsCsv.format(row, RunsCsv.COLUMNS.size())).append('\n');
                t = t.plusMillis(200);
            }
        }
        Fixtures.write(dir, "runs.csv", csv.toString());
        Fixtures.write(dir, "environment.json", "{\"hostname\": \"synthetic-blocks\"}");
        return dir;
    }

    private static Long cpuNs(double usPerCall, int calls) {
        return Double.isNaN(usPerCall) ? null : Math.round(usPerCall * 1000 * calls);
    }
}
