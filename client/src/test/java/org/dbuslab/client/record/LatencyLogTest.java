package org.dbuslab.client.record;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LatencyLogTest {

    @Test
    void runsAreAppendedAsTaggedIntervalsThatReadBackExactly(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("latency").resolve("cell.hlog");
        LatencyLog log = new LatencyLog(file);
        Histogram first = new Histogram(3);
        for (long v = 1_000; v <= 100_000; v += 1_000) {
            first.recordValue(v);
        }
        Histogram second = new Histogram(3);
        second.recordValue(5_000_000);
        log.append("warmup-1", first, 1_700_000_000_000L, 1_700_000_001_000L);
        new LatencyLog(file).append("measure-1", second, 1_700_000_002_000L, 1_700_000_003_000L); // another process

        List<Histogram> read = new ArrayList<>();
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        while (reader.hasNext()) {
            read.add((Histogram) reader.nextIntervalHistogram());
        }
        assertEquals(2, read.size());
        assertEquals("warmup-1", read.get(0).getTag());
        assertEquals(100, read.get(0).getTotalCount());
        assertEquals(first.getValueAtPercentile(99), read.get(0).getValueAtPercentile(99));
        assertEquals("measure-1", read.get(1).getTag());
        assertEquals(second.getMaxValue(), read.get(1).getMaxValue());
    }
}
