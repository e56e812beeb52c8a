package org.dbuslab.peers;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.dbuslab.peers.EchoServerOn.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The C clients' --latency-log is the Java client's: an HdrHistogram log (ns, 3 significant digits) that
 * HdrHistogram's own reader reads, one interval per run tagged with the run's TAG, holding every answered call.
 */
class LatencyLogIT {

    @Test
    void theEncodingIsHdrHistogramsOwn(@TempDir Path dir) throws Exception {
        long[] values = {1, 2, 3, 1000, 2047, 2048, 2049, 4095, 100_000, 123_456_789, 999_999_999_999L};
        List<String> command = new ArrayList<>(List.of(
            PeersBuild.program(PeersBuild.TOOLS, "latency-dump").toString(), dir.resolve("a.hlog").toString(), "t"));
        Histogram expected = new Histogram(3);
        for (long v : values) {
            command.add(Long.toString(v));
            expected.recordValue(v);
        }
        assertEquals(0, ForeignRun.run(command).exitCode());
        Histogram read = (Histogram) new HistogramLogReader(dir.resolve("a.hlog").toFile()).nextIntervalHistogram();
        assertEquals("t", read.getTag());
        assertEquals(expected.getTotalCount(), read.getTotalCount());
        assertEquals(expected.getMaxValue(), read.getMaxValue());
        for (long v : values) {
            assertEquals(expected.getCountAtValue(v), read.getCountAtValue(v), "count at " + v);
        }
        for (double p : new double[] {1, 25, 50, 75, 90, 99, 100}) {
            assertEquals(expected.getValueAtPercentile(p), read.getValueAtPercentile(p), "percentile " + p);
        }
        assertEquals(1000, read.getStartTimeStamp());
        assertEquals(2500, read.getEndTimeStamp());
    }

    @ParameterizedTest
    @EnumSource(value = Library.class, names = {"GLIB", "SDBUS"})
    void oneIntervalPerRunWithEveryAnsweredCall(Library library, @TempDir Path dir) throws Exception {
        Path log = dir.resolve("latency.hlog");
        try (EchoServerOn echo = EchoServerOn.start(library, Transport.P2P_UNIX);
             ControlledClient c = ControlledClient.start(library, echo, "async", "--latency-log", log.toString())) {
            c.run(1000, 16, 300, 1);
            c.run(10000, 128, 200, 2);
            assertEquals(0, c.quit());
        }
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        Histogram first = (Histogram) reader.nextIntervalHistogram();
        Histogram second = (Histogram) reader.nextIntervalHistogram();
        assertNull(reader.nextIntervalHistogram());
        assertEquals("p1000-w16-n300", first.getTag());
        assertEquals(300, first.getTotalCount());
        assertEquals("p10000-w128-n200", second.getTag());
        assertEquals(200, second.getTotalCount());
        assertTrue(first.getMinNonZeroValue() > 0 && first.getMaxValue() < 120_000_000_000L, "" + first.getMaxValue());
        assertTrue(second.getStartTimeStamp() >= first.getEndTimeStamp(), "intervals in order");
    }
}
