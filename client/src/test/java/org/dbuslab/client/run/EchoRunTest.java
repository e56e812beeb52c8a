package org.dbuslab.client.run;

import org.dbuslab.client.callpath.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EchoRunTest {

    private static final long TIMEOUT = 1_000_000_000L;

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 128})
    void honestRepliesAreAllOkAndTheWindowIsNeverExceeded(int window) throws Exception {
        ScriptedCallPath path = ScriptedCallPath.honest();
        RunResult result = new EchoRun(path, window, TIMEOUT).run(500, new PayloadGenerator(1000, 1));
        assertTrue(result.clean(), result.toString());
        assertEquals(500, result.ok());
        assertEquals(Math.min(window, 500), path.maxOutstanding());
        assertTrue(result.elapsedNanos() > 0);
    }

    @Test
    void corruptedReplyIsCountedAsMismatched() throws Exception {
        ScriptedCallPath path = new ScriptedCallPath((i, sent) -> {
            byte[] reply = sent.get(i).clone();
            if (i == 17) {
                reply[500] ^= 0x01; // one flipped bit deep inside the payload
            }
            return Reply.returned(reply);
        });
        RunResult result = new EchoRun(path, 16, TIMEOUT).run(100, new PayloadGenerator(1000, 2));
        assertEquals(1, result.mismatched());
        assertEquals(99, result.ok());
        assertFalse(result.clean());
        assertTrue(result.firstProblem().startsWith("call 17: mismatched"), result.firstProblem());
    }

    @Test
    void swappedRepliesAreCaughtBecauseNeighboursDiffer() throws Exception {
        // Calls 10 and 11 get each other's replies: same size, same random body, only the sequence stamp differs.
        ScriptedCallPath path = new ScriptedCallPath((i, sent) -> {
            int from = i == 10 ? 11 : i == 11 ? 10 : i;
            return Reply.returned(sent.get(Math.min(from, sent.size() - 1)).clone());
        });
        RunResult result = new EchoRun(path, 4, TIMEOUT).run(50, new PayloadGenerator(10_000, 3));
        assertEquals(2, result.mismatched());
        assertEquals(48, result.ok());
    }

    @Test
    void staleReplyOfThePreviousCallIsCaughtInSyncMode() throws Exception {
        ScriptedCallPath path = new ScriptedCallPath((i, sent) -> Reply.returned(sent.get(Math.max(0, i - 1)).clone()));
        RunResult result = new EchoRun(path, 1, TIMEOUT).run(20, new PayloadGenerator(8, 4));
        assertEquals(19, result.mismatched());
    }

    @Test
    void missingReplyIsCountedAsLostAndErrorsAsErrors() throws Exception {
        ScriptedCallPath path = new ScriptedCallPath((i, sent) -> switch (i) {
            case 3 -> Reply.timedOut();
            case 4 -> Reply.error("org.freedesktop.DBus.Error.LimitsExceeded");
            default -> Reply.returned(sent.get(i).clone());
        });
        RunResult result = new EchoRun(path, 8, TIMEOUT).run(10, new PayloadGenerator(100, 5));
        assertEquals(1, result.lost());
        assertEquals(1, result.errors());
        assertEquals(8, result.ok());
        assertNotNull(result.firstProblem());
    }

    @Test
    void replyWithoutBodyIsAMismatchNotACrash() throws Exception {
        ScriptedCallPath path = new ScriptedCallPath((i, sent) -> Reply.returned(null));
        RunResult result = new EchoRun(path, 1, TIMEOUT).run(3, new PayloadGenerator(10, 6));
        assertEquals(3, result.mismatched());
    }

    @Test
    void onlyVerifiedRepliesHaveARoundTrip() throws Exception {
        ScriptedCallPath path = new ScriptedCallPath((i, sent) -> switch (i % 4) {
            case 1 -> Reply.error("org.freedesktop.DBus.Error.Failed");
            case 2 -> Reply.returned(new byte[3]); // mismatched: it answered no call of ours
            default -> Reply.returned(sent.get(i).clone());
        });
        RunResult result = new EchoRun(path, 4, TIMEOUT).run(400, new PayloadGenerator(100, 7));
        assertEquals(200, result.ok());
        assertEquals(100, result.errors());
        assertEquals(100, result.mismatched());
        assertEquals(result.ok(), result.latencies().getTotalCount(), "errors and mismatches are not timed");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 8})
    void aConnectionSilentForThreeReplyTimeoutsIsAbandonedAndTheRestIsLostAtOnce(int window) throws Exception {
        long timeout = TimeUnit.MILLISECONDS.toNanos(50);
        ScriptedCallPath path = new ScriptedCallPath((i, sent) -> i < 10 ? Reply.returned(sent.get(i).clone())
            : Reply.timedOut());
        RunResult result = new EchoRun(path, window, timeout).run(1000, new PayloadGenerator(100, 8));
        assertEquals(10, result.ok(), result.toString());
        assertEquals(990, result.lost(), result.toString());
        assertEquals(10, result.latencies().getTotalCount());
        assertNotNull(result.abandoned(), result.toString());
        assertTrue(result.abandoned().contains("3 reply timeouts"), result.abandoned());
        // abandoned, the calls after the silence are never sent (each would have waited out its timeout)
        assertTrue(path.sent() < 10 + 5 * window, "stopped sending: " + path.sent());
    }

    @Test
    void oneLateReplyOnALiveConnectionIsLostAndTheRunGoesOn() throws Exception {
        ScriptedCallPath path = new ScriptedCallPath((i, sent) -> i == 5 ? Reply.timedOut()
            : Reply.returned(sent.get(i).clone()));
        RunResult result = new EchoRun(path, 1, TimeUnit.MILLISECONDS.toNanos(50)).run(50, new PayloadGenerator(100, 9));
        assertEquals(1, result.lost());
        assertEquals(49, result.ok());
        assertNull(result.abandoned());
    }

    @Test
    void aConnectionThatReportsItselfGoneIsAbandonedAtOnce() throws Exception {
        class Dying implements org.dbuslab.client.callpath.EchoCallPath {
            private final ScriptedCallPath inner = ScriptedCallPath.honest();
            private int calls;

            @Override
            public org.dbuslab.client.callpath.PendingReply send(byte[] payload)
                    throws org.dbuslab.client.callpath.CallFailedException {
                if (++calls > 20) {
                    throw new org.dbuslab.client.callpath.ConnectionLostException("not sent: connection lost", null);
                }
                return inner.send(payload);
            }

            @Override
            public String lostReason() {
                return calls > 20 ? "peer closed the connection" : null;
            }

            @Override
            public void close() {
            }
        }
        Dying path = new Dying();
        RunResult result = new EchoRun(path, 1, TIMEOUT).run(1000, new PayloadGenerator(100, 10));
        assertEquals(20, result.ok());
        assertEquals(980, result.lost());
        assertEquals(0, result.errors());
        assertEquals(21, path.calls, "no send after the connection said it is gone");
        assertTrue(result.abandoned().contains("peer closed the connection"), result.abandoned());
    }

    /**
     * The path keeps the sent arrays themselves and, when a reply is taken, checks its call's array against a payload
     * made afresh: an array written over while its call was in flight is counted (the verifier alone would not see
     * it, since it compares the reply with the same array).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 128})
    void reusedArraysAreNeverWrittenOverWhileInFlight(int window) throws Exception {
        PayloadRings rings = new PayloadRings();
        for (int run = 0; run < 3; run++) {
            PayloadGenerator expected = new PayloadGenerator(64, run);
            int[] overwritten = {0};
            ScriptedCallPath path = ScriptedCallPath.keepingArrays((i, sent) -> {
                if (!java.util.Arrays.equals(sent.get(i), expected.payload(i))) {
                    overwritten[0]++;
                }
                return Reply.returned(sent.get(i).clone());
            });
            RunResult result = new EchoRun(path, window, TIMEOUT, true, rings).run(300, new PayloadGenerator(64, run));
            assertTrue(result.clean(), result.toString());
            assertEquals(0, overwritten[0], "calls whose array was written over in flight");
            assertSame(path.sentArray(0), path.sentArray(window), "the arrays are reused");
        }
    }

    @Test
    void aLostCallKeepsItsArray() throws Exception {
        ScriptedCallPath path = ScriptedCallPath.keepingArrays((i, sent) -> i == 2 ? Reply.timedOut()
            : Reply.returned(sent.get(i).clone()));
        PayloadGenerator payloads = new PayloadGenerator(64, 3);
        RunResult result = new EchoRun(path, 4, TimeUnit.MILLISECONDS.toNanos(50), true, new PayloadRings())
            .run(40, payloads);
        assertEquals(1, result.lost());
        assertEquals(39, result.ok());
        assertArrayEquals(payloads.payload(2), path.sentArray(2), "a late reply may still be compared with it");
    }
}
