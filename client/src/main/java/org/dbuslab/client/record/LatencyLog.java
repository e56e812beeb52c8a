package org.dbuslab.client.record;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Appends each run's per-call latency histogram to an HdrHistogram log (nanoseconds), tagged
 * {@code <phase>-<run>} so the row in runs.csv can point at it. Flushed per run, like the CSV.
 */
public final class LatencyLog {

    private final Path file;

    public LatencyLog(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /** Writes {@code histogram} as one interval from {@code startMillis} to {@code endMillis} (epoch ms). */
    public void append(String tag, Histogram histogram, long startMillis, long endMillis) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            boolean fresh = !Files.exists(file) || Files.size(file) == 0;
            try (PrintStream out = new PrintStream(new FileOutputStream(file.toFile(), true), false, "UTF-8")) {
                HistogramLogWriter writer = new HistogramLogWriter(out);
                if (fresh) {
                    writer.outputLogFormatVersion();
                    writer.outputComment("dbus-lab per-call round-trip times, nanoseconds, one interval per run");
                    writer.outputLegend();
                }
                Histogram copy = histogram.copy();
                copy.setTag(tag);
                copy.setStartTimeStamp(startMillis);
                copy.setEndTimeStamp(endMillis);
                writer.outputIntervalHistogram(startMillis / 1000.0, endMillis / 1000.0, copy, 1.0);
                out.flush();
                if (out.checkError()) {
                    throw new IOException("write failed");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file + ": " + e.getMessage(), e);
        }
    }
}
