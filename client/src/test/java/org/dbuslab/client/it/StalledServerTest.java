package org.dbuslab.client.it;

import org.dbuslab.client.ClientMain;
import org.dbuslab.server.peer.PeerEchoServer;
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
 * already written intact. Before the fix a pipelined p2p-unix run blocked in write() forever.
 */
class StalledServerTest {

    private static final int REPLY_TIMEOUT_MS = 500;
    /** Abandoning takes 3 reply timeouts; connecting, the runs before the stall and a loaded machine get the rest. */
    private static final Duration BOUND = Duration.ofSeconds(15);

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
        Path csv = dir.resolve("runs.csv");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        long start = System.nanoTime();
        try (PeerEchoServer server = PeerEchoServer.start(listen, echo, line -> { })) {
            try {
                String[] args = {"--address", server.address(), "--peer", "--mode", mode, "--call-path", callPath,
                    "--payload", "100000", "--calls", "100", "--window", "64", "--runs", "8", "--warmup-runs", "0",
                    "--reply-timeout", String.valueOf(REPLY_TIMEOUT_MS), "--csv", csv.toString()};
                code = assertTimeoutPreemptively(BOUND, () -> ClientMain.run(args,
                    new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true)),
                    () -> "the client hung; stderr so far: " + err);
            } finally {
                echo.release();
            }
        }
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, code, stderr);
        assertFalse(stderr.contains("\tat "), "no stack trace: " + stderr);
        List<String> rows = Files.readAllLines(csv);
        assertTrue(rows.size() >= 1 + 3 && rows.size() < 1 + 8, "runs 1-3 recorded, not all 8 made: " + rows);
        assertTrue(rows.get(1).contains(",0,0,0,measure,") && rows.get(2).contains(",0,0,0,measure,"),
            "the runs before the stall stay clean: " + rows);
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
