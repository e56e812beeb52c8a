package org.dbuslab.client.raw;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real raw server and client over real sockets: exact echoes, rows, latency logs, no deadlock. */
class RawEchoRoundTripIT {

    @TempDir
    Path dir;

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (String kind : List.of("unix", "tcp")) {
            for (String mode : List.of("sync", "async")) {
                for (int size : new int[] {8, 15, 16, 1000, 10_000}) { // 8: the least that carries a sequence number
                    cases.add(Arguments.of(kind, mode, size));
                }
            }
        }
        return cases.stream();
    }

    private RawEchoServer.Running server(String kind) throws Exception {
        RawAddress address = RawAddress.parse("unix".equals(kind) ? "unix:path=" + dir.resolve("raw.sock")
            : "tcp:host=127.0.0.1,port=0");
        return RawEchoServer.start(address, line -> { });
    }

    @ParameterizedTest(name = "{0} {1} {2} B")
    @MethodSource("cases")
    void everyReplyIsTheExactEchoAndEveryRunIsRecorded(String kind, String mode, int size) throws Exception {
        try (RawEchoServer.Running server = server(kind)) {
            Path csv = dir.resolve("runs.csv");
            RawClientRun run = RawClientRun.of(csv, "--address", server.address().toString(), "--mode", mode,
                "--window", "8", "--payload", Integer.toString(size), "--calls", "50", "--runs", "2",
                "--warmup-runs", "1", "--latency-log", dir.resolve("latency/raw.hlog").toString());
            assertEquals(0, run.exitCode(), run.stderr());
            assertEquals(4, run.csv().size(), String.join("\n", run.csv()));
            assertTrue(run.csv().get(0).startsWith("transport,mode,payload_bytes,window,calls,run,elapsed_ns,lost,mismatched,errors"));
            for (int row = 1; row <= 3; row++) {
                assertEquals("raw-" + kind, run.field(row, "transport"));
                assertEquals(mode, run.field(row, "mode"));
                assertEquals("sync".equals(mode) ? "1" : "8", run.field(row, "window"));
                assertEquals(Integer.toString(size), run.field(row, "payload_bytes"));
                assertEquals("raw", run.field(row, "method"));
                assertEquals("0", run.field(row, "lost"));
                assertEquals("0", run.field(row, "mismatched"));
                assertEquals("0", run.field(row, "errors"));
                assertTrue(Long.parseLong(run.field(row, "elapsed_ns")) > 0);
                assertEquals("latency/raw.hlog", run.field(row, "latency_log"));
            }
            assertEquals("warmup", run.field(1, "phase"));
            assertEquals("measure-2", run.field(3, "latency_tag"));

            HistogramLogReader reader = new HistogramLogReader(dir.resolve("latency/raw.hlog").toFile());
            int intervals = 0;
            for (Histogram h = (Histogram) reader.nextIntervalHistogram(); h != null;
                 h = (Histogram) reader.nextIntervalHistogram()) {
                assertEquals(50, h.getTotalCount(), "one latency value per call");
                intervals++;
            }
            assertEquals(3, intervals);
        }
    }

    /** 32 frames of 1 MB in flight are far more than both socket buffers hold: a one-thread client would stall. */
    @ParameterizedTest
    @MethodSource("kinds")
    void pipelinedBigFramesDoNotDeadlock(String kind) throws Exception {
        try (RawEchoServer.Running server = server(kind)) {
            RawClientRun run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> RawClientRun.of(null,
                "--address", server.address().toString(), "--mode", "async", "--window", "32",
                "--payload", "1000000", "--calls", "96", "--runs", "1", "--warmup-runs", "0"));
            assertEquals(0, run.exitCode(), run.stderr());
            assertTrue(run.stderr().contains("lost 0, mismatched 0, errors 0"), run.stderr());
        }
    }

    static Stream<String> kinds() {
        return Stream.of("unix", "tcp");
    }

    @Test
    void oneServerServesSeveralClientsAtOnce() throws Exception {
        try (RawEchoServer.Running server = server("unix")) {
            ExecutorService pool = Executors.newFixedThreadPool(3);
            try {
                List<Future<RawClientRun>> runs = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    runs.add(pool.submit(() -> RawClientRun.of(null, "--address", server.address().toString(),
                        "--mode", "async", "--window", "16", "--calls", "500", "--runs", "2", "--warmup-runs", "0")));
                }
                for (Future<RawClientRun> run : runs) {
                    assertEquals(0, run.get().exitCode(), run.get().stderr());
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void aClosedServerRemovesItsSocketFile() throws Exception {
        Path socket = dir.resolve("raw.sock");
        try (RawEchoServer.Running server = server("unix")) {
            assertTrue(java.nio.file.Files.exists(socket));
        }
        assertTrue(java.nio.file.Files.notExists(socket));
    }
}
