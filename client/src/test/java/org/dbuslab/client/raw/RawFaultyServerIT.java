package org.dbuslab.client.raw;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The raw client's verdicts against servers that corrupt, truncate, stay silent or hang up. */
class RawFaultyServerIT {

    @TempDir
    Path dir;

    private RawClientRun runAgainst(ScriptedRawServer server, String mode, String... extra) throws Exception {
        String[] args = {"--address", server.address().toString(), "--mode", mode, "--window", "8",
            "--payload", "1000", "--calls", "50", "--runs", "2", "--warmup-runs", "0", "--reply-timeout", "400"};
        String[] all = Arrays.copyOf(args, args.length + extra.length);
        System.arraycopy(extra, 0, all, args.length, extra.length);
        return assertTimeoutPreemptively(Duration.ofSeconds(30), () -> RawClientRun.of(dir.resolve(mode + ".csv"), all));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sync", "async"})
    void aFlippedByteIsCaught(String mode) throws Exception {
        try (ScriptedRawServer server = new ScriptedRawServer(dir.resolve("s.sock"), (connection, call, payload) -> {
            if (call == 25) {
                byte[] corrupted = payload.clone();
                corrupted[corrupted.length / 2] ^= 0x40;
                return ScriptedRawServer.Action.echo(corrupted);
            }
            return ScriptedRawServer.Action.echo(payload);
        })) {
            RawClientRun run = runAgainst(server, mode);
            assertEquals(1, run.exitCode(), run.stderr());
            assertEquals("1", run.field(1, "mismatched"), run.csv().toString());
            assertEquals("0", run.field(1, "lost"));
            assertEquals("0", run.field(1, "errors"));
            assertEquals("0", run.field(2, "mismatched"), "the next run is clean again");
            assertTrue(run.stderr().contains("first: call 25: mismatched"), run.stderr());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sync", "async"})
    void aSwappedOrShortReplyIsCaught(String mode) throws Exception {
        byte[][] previous = new byte[1][];
        try (ScriptedRawServer server = new ScriptedRawServer(null, (connection, call, payload) -> {
            byte[] reply = payload;
            if (call == 3) {
                reply = previous[0];                              // the previous call's bytes: same size, wrong call
            } else if (call == 7) {
                reply = Arrays.copyOf(payload, payload.length - 1);   // one byte short
            }
            previous[0] = payload;
            return ScriptedRawServer.Action.echo(reply);
        })) {
            RawClientRun run = runAgainst(server, mode);
            assertEquals(1, run.exitCode(), run.stderr());
            assertEquals("2", run.field(1, "mismatched"), run.csv().toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sync", "async"})
    void aServerThatStopsAnsweringMeansLostCallsAfterTheTimeoutAndTheNextRunReconnects(String mode) throws Exception {
        try (ScriptedRawServer server = new ScriptedRawServer(dir.resolve("s.sock"), (connection, call, payload) ->
            connection == 0 && call >= 10 ? ScriptedRawServer.Action.silence() : ScriptedRawServer.Action.echo(payload))) {
            long start = System.nanoTime();
            RawClientRun run = runAgainst(server, mode);
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(10).toNanos(), "no hang");
            assertEquals(1, run.exitCode(), run.stderr());
            long lost = Long.parseLong(run.field(1, "lost"));
            long errors = Long.parseLong(run.field(1, "errors"));
            assertEquals("0", run.field(1, "mismatched"));
            // sync: call 10 waits in vain, 11-49 are never sent; async: the 8 calls in flight are lost
            assertEquals("sync".equals(mode) ? 1 : 8, lost, run.csv().toString());
            assertEquals(40, lost + errors, "calls 0-9 answered, the rest lost or never sent: " + run.csv());
            assertEquals("0", run.field(2, "lost"), "run 2 reconnected and is clean: " + run.csv());
            assertEquals("0", run.field(2, "errors"));
            assertTrue(run.stderr().contains("call 10: lost"), run.stderr());
        }
    }

    /** On a byte stream replies come in order: one reply left out shifts every later one onto the wrong call. */
    @ParameterizedTest
    @ValueSource(strings = {"sync", "async"})
    void oneDroppedReplyIsNeverMistakenForAGoodOne(String mode) throws Exception {
        try (ScriptedRawServer server = new ScriptedRawServer(null, (connection, call, payload) ->
            connection == 0 && call == 10 ? ScriptedRawServer.Action.silence() : ScriptedRawServer.Action.echo(payload))) {
            RawClientRun run = runAgainst(server, mode);
            assertEquals(1, run.exitCode(), run.stderr());
            long lost = Long.parseLong(run.field(1, "lost"));
            long mismatched = Long.parseLong(run.field(1, "mismatched"));
            long errors = Long.parseLong(run.field(1, "errors"));
            assertTrue(lost >= 1, run.csv().toString());
            assertEquals(40, lost + mismatched + errors, run.csv().toString());
            assertEquals("0", run.field(2, "mismatched"), "run 2 reconnected and is clean: " + run.csv());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sync", "async"})
    void aHangUpMakesTheRestErrorsNotLost(String mode) throws Exception {
        try (ScriptedRawServer server = new ScriptedRawServer(null, (connection, call, payload) ->
            connection == 0 && call == 5 ? ScriptedRawServer.Action.cut() : ScriptedRawServer.Action.echo(payload))) {
            RawClientRun run = runAgainst(server, mode);
            assertEquals(1, run.exitCode(), run.stderr());
            assertEquals("0", run.field(1, "lost"), run.csv().toString());
            long errors = Long.parseLong(run.field(1, "errors"));
            if ("sync".equals(mode)) {
                assertEquals(45, errors, run.csv().toString());
            } else {
                // pipelined over TCP: closing with unread calls sends a reset, which may discard replies 0-4 too
                assertTrue(errors >= 45 && errors <= 50, run.csv().toString());
            }
            assertEquals("0", run.field(2, "errors"), "run 2 reconnected: " + run.csv());
        }
    }
}
