package org.dbuslab.client.record;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Appends one row per run to a CSV file and forces it to disk before the next run starts, so an interrupted
 * session keeps every run it finished. The header is written when the file is new or empty.
 */
public final class CsvRunRecorder {

    /** The first ten columns are a contract with the lab and the analysis; more may follow. */
    public static final List<String> COLUMNS = List.of("transport", "mode", "payload_bytes", "window", "calls",
        "run", "elapsed_ns", "lost", "mismatched", "errors", "phase", "method", "started_utc", "latency_log", "latency_tag",
        "jit_ms");

    private final Path file;

    public CsvRunRecorder(Path file) {
        this.file = file;
    }

    public void append(RunRow row) {
        try {
            boolean needsHeader = !Files.exists(file) || Files.size(file) == 0;
            StringBuilder text = new StringBuilder();
            if (needsHeader) {
                text.append(String.join(",", COLUMNS)).append('\n');
            }
            text.append(String.join(",", List.of(field(row.transport()), row.mode(),
                Integer.toString(row.payloadBytes()), Integer.toString(row.window()), Integer.toString(row.calls()),
                Integer.toString(row.run()), Long.toString(row.elapsedNanos()), Long.toString(row.lost()),
                Long.toString(row.mismatched()), Long.toString(row.errors()), row.phase(), row.method(),
                row.startedUtc().toString(), field(row.latencyLog()), field(row.latencyTag()),
                row.jitMillis() < 0 ? "" : Long.toString(row.jitMillis())))).append('\n');
            Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND, StandardOpenOption.WRITE, StandardOpenOption.DSYNC);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file + ": " + e.getMessage(), e);
        }
    }

    /** Labels and paths come from the user: keep them from breaking the CSV. */
    private static String field(String value) {
        if (value == null) {
            return "";
        }
        if (value.contains(",") || value.contains("\"") || value.contains("\n")) {
            throw new IllegalArgumentException("CSV field must not contain commas, quotes or newlines: " + value);
        }
        return value;
    }
}
