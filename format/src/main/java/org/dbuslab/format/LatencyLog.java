package org.dbuslab.format;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The one reader of a results folder's HdrHistogram latency logs (docs/RESULTS-FORMAT.md): one interval histogram per
 * run, tagged with the run (e.g. {@code measure-3}), integer nanoseconds, as the clients' HistogramLogWriter wrote it.
 */
public final class LatencyLog {

    private LatencyLog() {
    }

    /** Why a log cannot be used: its cause is the IOException, or whatever HdrHistogram's decoder threw on a bad line. */
    public static final class Unreadable extends Exception {
        private static final long serialVersionUID = 1L;

        Unreadable(String message, Throwable cause) {
            super(message, cause, false, false);
        }

        /** The decoder failed on the content (the file itself could be read). */
        public boolean corrupt() {
            return !(getCause() instanceof IOException);
        }
    }

    /** Every interval of the log, in the order written. */
    public static List<Histogram> intervals(Path file) throws Unreadable {
        List<Histogram> intervals = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file); HistogramLogReader reader = new HistogramLogReader(in)) {
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (!(next instanceof Histogram histogram)) {
                    throw new Unreadable("holds a " + next.getClass().getSimpleName()
                            + ", expected integer nanosecond histograms", null);
                }
                intervals.add(histogram);
            }
        } catch (IOException | RuntimeException e) {
            // HdrHistogram reports a corrupt line with whatever exception its decoder hits first
            throw new Unreadable(e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
        }
        return intervals;
    }
}
