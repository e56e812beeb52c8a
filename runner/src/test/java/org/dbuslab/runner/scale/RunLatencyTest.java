package org.dbuslab.runner.scale;

import org.HdrHistogram.Histogram;
import org.dbuslab.client.record.LatencyLog;
import org.dbuslab.format.ScaleRunsCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A distance run's p50/p99 read back from a log the client's own writer ({@link LatencyLog}) made. */
class RunLatencyTest {

    @TempDir
    Path dir;

    private final List<String> problems = new ArrayList<>();

    /** A run's histogram: CALLS round trips of 1 ms, then SLOW of 30 ms (nanoseconds). */
    private static Histogram run(int calls, int slow) {
        Histogram h = new Histogram(3);
        for (int i = 0; i < calls; i++) {
            h.recordValue(1_000_000);
        }
        for (int i = 0; i < slow; i++) {
            h.recordValue(30_000_000);
        }
        return h;
    }

    private Path log(String... tagsAndSlow) {
        Path file = dir.resolve("distance-p2p-tcp-10.0ms-async.hlog");
        LatencyLog log = new LatencyLog(file);
        for (String tag : tagsAndSlow) {
            int slow = Integer.parseInt(tag.substring(tag.indexOf(':') + 1));
            log.append(tag.substring(0, tag.indexOf(':')), run(100 - slow, slow), 1_000, 2_000);
        }
        return file;
    }

    @Test
    void theRunsOwnIntervalGivesItsPercentiles() {
        Path file = log("warmup-0-w64:0", "measure-1-w64:0", "measure-1-w16:5", "measure-2-w64:2");
        RunLatency far = RunLatency.of(file, "measure-1-w16", problems::add);
        assertEquals(1_000_000, far.p50Nanos(), 1_000_000 * 1e-3, "95 of 100 calls took 1 ms");
        assertEquals(30_000_000, far.p99Nanos(), 30_000_000 * 1e-3, "the 5 slow ones make the p99");
        RunLatency near = RunLatency.of(file, "measure-1-w64", problems::add);
        assertEquals(1_000_000, near.p99Nanos(), 1_000_000 * 1e-3, "another run of the same client: no slow calls");
        assertEquals(List.of(), problems);
    }

    @Test
    void aRunWithoutAnyVerifiedCallHasNoPercentilesAndNoComplaint() {
        Path file = dir.resolve("empty.hlog");
        new LatencyLog(file).append("measure-1-w1", new Histogram(3), 1_000, 2_000);
        assertEquals(RunLatency.UNKNOWN, RunLatency.of(file, "measure-1-w1", problems::add));
        assertEquals(List.of(), problems);
        assertEquals(ScaleRunsCsv.UNKNOWN, RunLatency.UNKNOWN.p50Nanos());
    }

    @Test
    void aMissingIntervalOrLogCostsThePercentilesWithOneLine() {
        Path file = log("measure-1-w64:0");
        assertEquals(RunLatency.UNKNOWN, RunLatency.of(file, "measure-2-w64", problems::add));
        assertEquals(RunLatency.UNKNOWN, RunLatency.of(dir.resolve("none.hlog"), "measure-1-w64", problems::add));
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("no interval tagged measure-2-w64"), problems.get(0));
        assertTrue(problems.get(1).contains("none.hlog: cannot read"), problems.get(1));
    }

    @Test
    void aCorruptLogCostsThePercentilesNotTheRun() throws Exception {
        Path file = log("measure-1-w64:0");
        Files.writeString(file, "Tag=measure-2-w64,1.0,1.0,0.0,HISTdeadbeef!!!\n", StandardOpenOption.APPEND);
        assertEquals(RunLatency.UNKNOWN, RunLatency.of(file, "measure-2-w64", problems::add));
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).contains("cannot read"), problems.get(0));
    }
}
