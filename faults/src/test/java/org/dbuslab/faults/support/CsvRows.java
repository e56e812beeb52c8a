package org.dbuslab.faults.support;

import org.dbuslab.format.RunsCsv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A client's --csv file, read strictly: the header the client defines, and every row complete and well-formed. */
public final class CsvRows {

    /** One recorded run, the fields the fault cases judge. */
    public record Row(String transport, String mode, int calls, int run, long elapsedNanos, long lost,
                      long mismatched, long errors, String phase, String latencyTag) {

        /** Calls that got their exact echo. */
        public long answered() {
            return calls - lost - mismatched - errors;
        }
    }

    private final Path file;

    CsvRows(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /** The file's lines as they are now (header included); empty while the file does not exist. */
    public List<String> lines() {
        try {
            if (!Files.exists(file)) {
                return List.of();
            }
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs recorded so far (only lines ended by a newline count: the client appends each row whole). */
    public int rowCount() {
        try {
            if (!Files.exists(file)) {
                return 0;
            }
            byte[] bytes = Files.readAllBytes(file);
            int newlines = 0;
            for (byte b : bytes) {
                if (b == '\n') {
                    newlines++;
                }
            }
            return Math.max(0, newlines - 1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every row, parsed; an AssertionError names the first line that is not a complete row. */
    public List<Row> rows() {
        List<String> lines = lines();
        if (lines.isEmpty()) {
            return List.of();
        }
        String header = String.join(",", RunsCsv.CLIENT_COLUMNS);
        if (!lines.get(0).equals(header)) {
            throw new AssertionError(file + ": header is '" + lines.get(0) + "', expected '" + header + "'");
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            rows.add(parse(lines.get(i), i + 1));
        }
        return rows;
    }

    private Row parse(String line, int number) {
        String[] f = line.split(",", -1);
        try {
            if (f.length != RunsCsv.CLIENT_COLUMNS.size()) {
                throw new IllegalArgumentException(f.length + " fields, expected " + RunsCsv.CLIENT_COLUMNS.size());
            }
            Instant.parse(f[12]);
            Row row = new Row(f[0], f[1], Integer.parseInt(f[4]), Integer.parseInt(f[5]), Long.parseLong(f[6]),
                Long.parseLong(f[7]), Long.parseLong(f[8]), Long.parseLong(f[9]), f[10], f[14]);
            if (row.lost() < 0 || row.mismatched() < 0 || row.errors() < 0 || row.answered() < 0
                || row.elapsedNanos() <= 0 || !(row.phase().equals("warmup") || row.phase().equals("measure"))) {
                throw new IllegalArgumentException("counts or phase out of range");
            }
            return row;
        } catch (RuntimeException e) {
            throw new AssertionError(file + " line " + number + " is not a complete run row (" + e.getMessage()
                + "): " + line, e);
        }
    }
}
