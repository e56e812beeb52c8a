package org.dbuslab.faults.support;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.FileNotFoundException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** A client's --latency-log: the number of round trips each run's interval holds, by its tag. */
public final class LatencyLogs {

    private LatencyLogs() {
    }

    public static Map<String, Long> countsByTag(Path log) {
        Map<String, Long> counts = new HashMap<>();
        if (!Files.exists(log)) {
            return counts;
        }
        try {
            HistogramLogReader reader = new HistogramLogReader(log.toFile());
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                counts.put(h.getTag(), ((org.HdrHistogram.AbstractHistogram) h).getTotalCount());
            }
            return counts;
        } catch (FileNotFoundException e) {
            throw new UncheckedIOException(e);
        }
    }
}
