package org.dbuslab.analysis.bench;

import org.dbuslab.format.NotesTsv;
import org.dbuslab.format.RunsCsv;
import org.dbuslab.format.RunsCsvRow;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes a synthetic results folder of CELLS cells × RUNS measured runs (lab/bench-report.sh, issue 26 item 7): how
 * long {@code report} takes and how much heap it needs on a folder far bigger than a session writes. Each cell's
 * runs are log-normal (1 % spread) around a µs per call of its own; one run of every cell per block, as the session
 * runner makes them; seeded, so every folder of a size is the same.
 */
public final class SyntheticFolder {

    static final List<String> TRANSPORTS = List.of("dbus-daemon", "dbus-broker", "dbus-daemon-tcp", "p2p-unix",
            "p2p-tcp");
    static final List<String> MODES = List.of("sync", "async");
    static final int CALLS = 1000;
    private static final double SPREAD = 0.01;

    private SyntheticFolder() {
    }

    /** {@code SyntheticFolder DIR CELLS RUNS}: the folder (made if absent), cells (a multiple of 10), runs per cell. */
    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: SyntheticFolder DIR CELLS RUNS (CELLS a multiple of "
                    + TRANSPORTS.size() * MODES.size() + ")");
            System.exit(2);
        }
        try {
            write(Path.of(args[0]), Integer.parseInt(args[1]), Integer.parseInt(args[2]));
        } catch (IllegalArgumentException e) {
            System.err.println("SyntheticFolder: error: " + e.getMessage());
            System.exit(2);
        }
    }

    /** The cells: every transport and mode at {@code cells / 10} payload sizes, 100 B apart from 100 B. */
    static List<RunsCsvRow> cells(int cells) {
        int shapes = TRANSPORTS.size() * MODES.size();
        if (cells < shapes || cells % shapes != 0) {
            throw new IllegalArgumentException("cells must be a positive multiple of " + shapes + ", not " + cells);
        }
        List<RunsCsvRow> list = new ArrayList<>();
        for (int size = 1; size <= cells / shapes; size++) {
            for (String transport : TRANSPORTS) {
                for (String mode : MODES) {
                    int window = mode.equals("sync") ? 1 : 128;
                    list.add(new RunsCsvRow(transport, mode, size * 100, window, CALLS, 0, 0, 0, 0, 0,
                            RunsCsv.PHASE_MEASURE, "echo", null, null, null, null, null, "dbus-java>dbus-java", false,
                            "matrix", null, null, null, null, null, null, null));
                }
            }
        }
        return list;
    }

    public static Path write(Path dir, int cells, int runs) {
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be at least 1, not " + runs);
        }
        List<RunsCsvRow> shapes = cells(cells);
        SplittableRandom random = new SplittableRandom(20150430);
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        try {
            Files.createDirectories(dir);
            try (BufferedWriter out = Files.newBufferedWriter(dir.resolve(RunsCsv.FILE), StandardCharsets.UTF_8)) {
                out.write(RunsCsv.header(RunsCsv.COLUMNS));
                out.newLine();
                for (int block = 1; block <= runs; block++) {
                    for (int c = 0; c < shapes.size(); c++) {
                        RunsCsvRow shape = shapes.get(c);
                        double gaussian = Math.sqrt(-2 * Math.log(1 - random.nextDouble()))
                                * Math.cos(2 * Math.PI * random.nextDouble());
                        double usPerCall = 20 + c % 50 + shape.payloadBytes() / 100.0;
                        long elapsed = Math.round(usPerCall * 1000 * CALLS * Math.exp(SPREAD * gaussian));
                        RunsCsvRow row = new RunsCsvRow(shape.transport(), shape.mode(), shape.payloadBytes(),
                                shape.window(), CALLS, block, elapsed, 0, 0, 0, RunsCsv.PHASE_MEASURE, "echo", t, null,
                                null, 0L, block, shape.pair(), false, shape.series(), null, null, elapsed / 2,
                                elapsed / 4, elapsed / 3, null, null);
                        out.write(RunsCsv.format(row, RunsCsv.COLUMNS.size()));
                        out.newLine();
                        t = t.plusMillis(50);
                    }
                }
            }
            Files.writeString(dir.resolve("environment.json"), "{\"hostname\": \"synthetic\"}\n");
            Files.writeString(dir.resolve(NotesTsv.FORMAT.fileName()), NotesTsv.SESSION + "\t" + NotesTsv.STARTED
                    + "\tsynthetic\n" + NotesTsv.SESSION + "\t" + NotesTsv.COMPLETE + "\tsynthetic\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }
}
