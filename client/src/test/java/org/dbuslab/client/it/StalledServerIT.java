package org.dbuslab.client.it;

import org.dbuslab.client.ClientMain;
import org.dbuslab.server.BusEchoServer;
import org.dbuslab.server.peer.PeerEchoServer;
import org.dbuslab.testkit.PrivateBus;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server that stops answering and reading in the middle of a run, on every transport, mode and call path: the
 * calls it leaves unanswered count as lost (never a clean pass), a send blocked on its full socket is bounded by
 * the reply timeout too, the dead connection is abandoned after {@code 3 x --reply-timeout} of silence instead of
 * every call waiting out its timeout, and the client ends with exit 1, one line saying what happened, and the rows
 * already written intact. Before the fix a pipelined p2p-unix run blocked in write() forever, and on a bus (which
 * keeps reading) every remaining call waited out its timeout.
 */
class StalledServerIT {

    /**
     * Long enough for the clean runs' 100 kB calls on a loaded 2-vCPU machine: at 500 ms, 75 calls of run 2 timed out
     * in one CI run (its echo server lives in this test JVM, which runs the JIT's first tier only), so the stall
     * seemed to come a run early.
     */
    private static final int REPLY_TIMEOUT_MS = 1000;
    /** Abandoning takes 3 reply timeouts; connecting, the runs before the stall and a loaded machine get the rest. */
    private static final Duration BOUND = Duration.ofSeconds(40);

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({
        "unix, async, lean", "unix, sync, lean", "unix, async, dbus-java", "unix, sync, dbus-java",
        "tcp, async, lean", "tcp, sync, lean", "tcp, async, dbus-java", "tcp, sync, dbus-java"})
    void callsToAStalledServerAreLostAndTheRunEndsInBoundedTime(String transport, String mode, String callPath)
            throws Exception {
        String listen = transport.equals("unix") ? "unix:path=" + dir.resolve("p2p.sock") : "tcp:host=127.0.0.1,port=0";
        StallingEcho echo = new StallingEcho(250, 60_000); // runs 1 and 2 are clean; the stall comes in run 3
        try (PeerEchoServer server = PeerEchoServer.start(listen, echo, line -> { })) {
            runAgainstStall(echo, List.of("--address", server.address(), "--peer", "--mode", mode, "--call-path", callPath,
                "--payload", "100000", "--reply-timeout", String.valueOf(REPLY_TIMEOUT_MS)));
        }
    }

    @ParameterizedTest(name = "dbus-daemon {0} {1}")
    @CsvSource({"async, lean", "sync, lean", "async, dbus-java"})
    void callsToAStalledServerOnABusAreLostAndTheRunEndsInBoundedTime(String mode, String callPath) throws Exception {
        StallingEcho echo = new StallingEcho(250, 60_000);
        try (PrivateBus bus = PrivateBus.start("dbus-daemon");
             BusEchoServer server = BusEchoServer.start(bus.address(), echo)) {
            // the bus keeps reading, so no send blocks: smaller calls
            runAgainstStall(echo, List.of("--address", bus.address(), "--mode", mode, "--call-path", callPath,
                "--payload", "10000", "--reply-timeout", String.valueOf(REPLY_TIMEOUT_MS)));
        }
    }

    /** 8 runs of 100 calls (window 64) against {@code echo}, which stalls in run 3. */
    private void runAgainstStall(StallingEcho echo, List<String> where) throws Exception {
        Path csv = dir.resolve("runs.csv");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        long start = System.nanoTime();
        try {
            List<String> args = new java.util.ArrayList<>(where);
            args.addAll(List.of("--calls", "100", "--window", "64", "--runs", "8", "--warmup-runs", "0",
                "--csv", csv.toString()));
            code = assertTimeoutPreemptively(BOUND, () -> ClientMain.run(args.toArray(String[]::new),
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true)),
                () -> "the client hung; stderr so far: " + err);
        } finally {
            echo.release();
        }
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, code, stderr);
        assertFalse(stderr.contains("\tat "), "no stack trace: " + stderr);
        List<String> rows = Files.readAllLines(csv);
        assertTrue(rows.size() >= 1 + 3 && rows.size() < 1 + 8, "runs 1-3 recorded, not all 8 made: " + rows);
        String[] third = rows.get(3).split(",");
        assertTrue(Long.parseLong(third[7]) >= 1, "calls of the stalled run are lost: " + rows.get(3));
        assertEquals(100, Long.parseLong(third[7]) + Long.parseLong(third[9]) + okCalls(stderr),
            "every call of the stalled run is counted: " + stderr);
        assertTrue(stderr.contains((8 - (rows.size() - 1)) + " measured run(s) not made"), stderr);
        assertTrue(stderr.matches("(?s).*(connection abandoned|connection lost).*"), stderr);
        assertFalse(stderr.matches("(?s).*run [3-8]/8: [^\n]*calls/s.*"), "no rate for the stalled run: " + stderr);
        assertTrue(tookMs < BOUND.toMillis(), "took " + tookMs + " ms");
    }

    /** The verified calls of run 3, from its summary line. */
    private static long okCalls(String stderr) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("run 3/8: 100 calls, (\\d+) verified").matcher(stderr);
        assertTrue(m.find(), stderr);
        return Long.parseLong(m.group(1));
    }
}
