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
import java.util.function.IntPredicate;

/**
 * A session runner's folder with issue 24's two series, drawn from known figures: series paths (the Java, sd-bus and
 * libdbus clients through xdg-dbus-proxy and systemd-stdio-bridge, and their direct counterparts) and series policy (0 to
 * 10000 extra rules on each bus), one-cpu, one warm-up block then {@link #BLOCKS} measured blocks. Every cell of a block
 * shares that block's drift ({@link SyntheticSession#drift}), so only a comparison paired by block sees through it.
 * Planted: the sd-bus cells run in even blocks only; the async proxy cell in even blocks, its direct counterpart in
 * every block; dbus-broker-bridge libdbus>dbus-java has no direct counterpart; dbus-broker-bridge's Java sync cell
 * lost one call in block 3.
 */
public final class PathsSession {

    public static final int BLOCKS = 12;
    public static final int CALLS = 1000;
    public static final long SPAM_FIXED_NS = 3_000_000L;
    public static final String SDBUS = "sd-bus>dbus-java";

    /** A cell: µs per call, CPU µs per call of each process (NaN: empty field), the measured blocks it runs in. */
    public record Cell(String series, String transport, String pair, String method, String mode, int window, double usPerCall,
                       double clientUs, double busUs, double serverUs, double pathUs, IntPredicate blocks) {
    }

    private static final IntPredicate EVERY = b -> true;
    private static final IntPredicate EVEN = b -> b % 2 == 0;
    private static final double NONE = Double.NaN;

    public static List<Cell> cells() {
        String j = CellKey.SUBJECT_PAIR;
        String spam = CellKey.JAVA_SERVER_PAIR;
        List<Cell> cells = new ArrayList<>();
        // the direct counterparts
        cells.add(new Cell("paths", "dbus-daemon", j, "echo", "sync", 1, 60, 20, 25, 10, NONE, EVERY));
        cells.add(new Cell("paths", "dbus-broker", j, "echo", "sync", 1, 50, 20, 15, 10, NONE, EVERY));
        cells.add(new Cell("paths", "dbus-daemon", j, "echo", "async", 128, 20, 8, 9, 4, NONE, EVERY));
        cells.add(new Cell("paths", "dbus-daemon", SDBUS, "echo", "sync", 1, 45, 8, 25, 10, NONE, EVEN));
        cells.add(new Cell("paths", "dbus-daemon", spam, "spam", "sync", 1, 50, 12, 25, 10, NONE, EVERY));
        // through xdg-dbus-proxy
        cells.add(new Cell("paths", "dbus-daemon-proxy", j, "echo", "sync", 1, 100, 20, 25, 10, 30, EVERY));
        cells.add(new Cell("paths", "dbus-broker-proxy", j, "echo", "sync", 1, 85, 20, 15, 10, 28, EVERY));
        cells.add(new Cell("paths", "dbus-daemon-proxy", j, "echo", "async", 128, 30, 8, 9, 4, 12, EVEN));
        cells.add(new Cell("paths", "dbus-daemon-proxy", SDBUS, "echo", "sync", 1, 80, 8, 25, 10, 30, EVEN));
        cells.add(new Cell("paths", "dbus-daemon-proxy", spam, "spam", "sync", 1, 85, 12, 25, 10, 30, EVERY));
        // through systemd-stdio-bridge
        cells.add(new Cell("paths", "dbus-daemon-bridge", j, "echo", "sync", 1, 90, 20, 25, 10, 22, EVERY));
        cells.add(new Cell("paths", "dbus-broker-bridge", j, "echo", "sync", 1, 75, 20, 15, 10, 21, EVERY));
        cells.add(new Cell("paths", "dbus-broker-bridge", spam, "spam", "sync", 1, 70, 12, 15, 10, 20, EVERY));
        // policy weight: dbus-daemon does not care, dbus-broker slows down
        double[] daemon = {60, 60.2, 60.5, 60.3};
        double[] broker = {50, 52, 60, 75};
        int[] rules = {0, 100, 1000, 10000};
        for (int i = 0; i < rules.length; i++) {
            String suffix = rules[i] == 0 ? "" : "-rules" + rules[i];
            cells.add(new Cell("policy", "dbus-daemon" + suffix, j, "echo", "sync", 1, daemon[i], 20, 25 + i, 10, NONE, EVERY));
            cells.add(new Cell("policy", "dbus-broker" + suffix, j, "echo", "sync", 1, broker[i], 20, 15 + 5 * i, 10, NONE, EVERY));
        }
        return cells;
    }

    /** The folder of {@link #cells()}. */
    public static Path write(Path dir, long seed) {
        return write(dir, seed, cells());
    }

    public static Path write(Path dir, long seed, List<Cell> cells) {
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder csv = new StringBuilder(RunsCsv.header(RunsCsv.COLUMNS)).append('\n');
        Instant t = Instant.parse("2026-12-01T10:00:00Z");
        Map<Cell, Integer> runs = new LinkedHashMap<>();
        for (int block = 1; block <= BLOCKS + 1; block++) {
            boolean warmup = block == 1;
            for (Cell cell : cells) {
                if (!warmup && !cell.blocks().test(block)) {
                    continue;
                }
                double noise = 1 + 0.01 * (random.nextDouble() - 0.5);
                boolean spam = cell.method().equals("spam");
                long elapsed = Math.round(cell.usPerCall() * SyntheticSession.drift(block) * noise * 1000 * (spam ? CALLS - 1 : CALLS))
                        + (spam ? SPAM_FIXED_NS : 0);
                long lost = cell.transport().equals("dbus-broker-bridge") && cell.pair().equals(CellKey.SUBJECT_PAIR) && block == 3 ? 1 : 0;
                int run = runs.merge(cell, 1, Integer::sum);
                String phase = warmup ? RunsCsv.PHASE_WARMUP : RunsCsv.PHASE_MEASURE;
                RunsCsvRow row = new RunsCsvRow(cell.transport(), cell.mode(), 1000, cell.window(), CALLS, run, elapsed, lost, 0, 0,
                        phase, cell.method(), t, null, null, cell.pair().startsWith("dbus-java>") ? 0L : null, block, cell.pair(),
                        !cell.pair().equals(CellKey.SUBJECT_PAIR), cell.series(), spam ? SPAM_FIXED_NS : null, null,
                        ns(cell.clientUs()), ns(cell.busUs()), ns(cell.serverUs()), "one-cpu", ns(cell.pathUs()));
                csv.append(RunsCsv.format(row, RunsCsv.COLUMNS.size())).append('\n');
                t = t.plusMillis(200);
            }
        }
        Fixtures.write(dir, "runs.csv", csv.toString());
        Fixtures.write(dir, "environment.json", "{\"hostname\": \"synthetic-paths\", \"placement\": \"one-cpu\"}");
        return dir;
    }

    private static Long ns(double usPerCall) {
        return Double.isNaN(usPerCall) ? null : Math.round(usPerCall * 1000 * CALLS);
    }
}
