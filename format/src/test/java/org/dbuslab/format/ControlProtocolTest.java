package org.dbuslab.format;

import org.dbuslab.format.ControlProtocol.Bye;
import org.dbuslab.format.ControlProtocol.CommandError;
import org.dbuslab.format.ControlProtocol.Done;
import org.dbuslab.format.ControlProtocol.Fatal;
import org.dbuslab.format.ControlProtocol.Quit;
import org.dbuslab.format.ControlProtocol.Ready;
import org.dbuslab.format.ControlProtocol.Reply;
import org.dbuslab.format.ControlProtocol.Run;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ControlProtocolTest {

    private static final Instant STARTED = Instant.parse("2026-12-01T14:00:00.123456Z");

    @Test
    void commandsRoundTrip() {
        Run run = new Run("warmup", "b1.p2p-unix_async-1000-w8", 1000, 8, 2000, -42);
        assertEquals("run warmup b1.p2p-unix_async-1000-w8 1000 8 2000 -42", ControlProtocol.encode(run));
        assertEquals(run, ControlProtocol.parseCommand(ControlProtocol.encode(run)));
        assertEquals(new Quit(), ControlProtocol.parseCommand("quit"));
        assertEquals("quit", ControlProtocol.encode(new Quit()));
    }

    @Test
    void repliesRoundTrip() {
        Done clean = new Done("t-1", 123_456_789, 2000, 0, 0, 0, 12, STARTED, null);
        assertEquals("done t-1 elapsed_ns=123456789 calls=2000 lost=0 mismatched=0 errors=0 jit_ms=12 "
            + "started_utc=2026-12-01T14:00:00.123456Z problem=-", ControlProtocol.encode(clean));
        Done failed = new Done("t-2", 5, 10, 1, 2, 3, -1, STARTED, "no reply within 10 000 ms: 100% lost, ü\n");
        for (Reply reply : List.of(new Ready(), new Bye(), clean, failed, new CommandError("bad line 'x y'"),
                new Fatal("connection closed by the peer"))) {
            String line = ControlProtocol.encode(reply);
            assertFalse(line.contains("\n"), line);
            assertEquals(reply, ControlProtocol.parseReply(line), line);
        }
    }

    @Test
    void theClientsAllocationIsAnOptionalLastField() {
        Done counted = new Done("t-3", 7, 10, 0, 0, 0, 0, STARTED, null, 4_096_000);
        String line = ControlProtocol.encode(counted);
        assertTrue(line.endsWith(" problem=- alloc_bytes=4096000"), line);
        assertEquals(counted, ControlProtocol.parseReply(line));
        Done failed = new Done("t-4", 7, 10, 1, 0, 0, 0, STARTED, "lost one", 0);
        assertEquals(failed, ControlProtocol.parseReply(ControlProtocol.encode(failed)));
        // a line without it (the C peers', and any client's before it) reads as unknown, and unknown writes none
        Done older = (Done) ControlProtocol.parseReply("done t elapsed_ns=5 calls=1 lost=0 mismatched=0 errors=0 "
            + "jit_ms=-1 started_utc=2026-12-01T14:00:00.123456Z problem=-");
        assertEquals(-1, older.allocatedBytes());
        assertEquals(new Done("t", 5, 1, 0, 0, 0, -1, STARTED, null), older);
        assertFalse(ControlProtocol.encode(older).contains("alloc_bytes"));
    }

    @Test
    void problemTextsHaveNoSpacesAndDashIsNotNone() {
        assertEquals("a%20b%25c%0A%C3%BC", ControlProtocol.encodeProblem("a b%c\nü"));
        assertEquals("-", ControlProtocol.encodeProblem(null));
        assertNull(ControlProtocol.decodeProblem("-"));
        assertEquals("-", ControlProtocol.decodeProblem(ControlProtocol.encodeProblem("-")));
        assertEquals("", ControlProtocol.decodeProblem(ControlProtocol.encodeProblem("")));
    }

    @Test
    void longTextsAreShortenedToFitALine() {
        String huge = "é ".repeat(100_000);
        String line = ControlProtocol.encode(new Done("t", 1, 1, 1, 0, 0, 0, STARTED, huge));
        assertTrue(line.getBytes(StandardCharsets.UTF_8).length <= ControlProtocol.MAX_LINE_BYTES, "" + line.length());
        Done back = (Done) ControlProtocol.parseReply(line);
        assertTrue(back.problem().endsWith("..."));
        assertTrue(huge.startsWith(back.problem().substring(0, back.problem().length() - 3)));
        String error = ControlProtocol.encode(new Fatal("x\ny".repeat(10_000)));
        assertTrue(error.length() <= ControlProtocol.MAX_LINE_BYTES && !error.contains("\n"));
    }

    @Test
    void malformedCommandsGetOneClearMessage() {
        assertCommandRefused("", "empty line");
        assertCommandRefused("runs", "unknown command 'runs'");
        assertCommandRefused("run measure t 1 1", "malformed command 'run measure t 1 1': expected 'run PHASE TAG");
        assertCommandRefused("run measure t 1 1 1 1 1", "malformed command");
        assertCommandRefused("run  measure t 1 1 1 1", "exactly one space");
        assertCommandRefused("run measure t 1 1 1 1 ", "exactly one space");
        assertCommandRefused("quit now", "unknown command");
        assertCommandRefused("run cold t 1 1 1 1", "PHASE must be warmup or measure, was 'cold'");
        assertCommandRefused("run measure a/b 1 1 1 1", "TAG must be");
        assertCommandRefused("run measure " + "t".repeat(129) + " 1 1 1 1", "TAG must be");
        assertCommandRefused("run measure t -1 1 1 1", "PAYLOAD_BYTES must be a whole number 0 or more, was '-1'");
        assertCommandRefused("run measure t 1 0 1 1", "WINDOW must be at least 1, was 0");
        assertCommandRefused("run measure t 1 1 0 1", "CALLS must be at least 1, was 0");
        assertCommandRefused("run measure t 1 1 3000000000 1", "CALLS is too large");
        assertCommandRefused("run measure t 01 1 1 1", "PAYLOAD_BYTES must be a whole number");
        assertCommandRefused("run measure t +1 1 1 1", "PAYLOAD_BYTES must be a whole number");
        assertCommandRefused("run measure t 1 1 1 99999999999999999999", "SEED must be a whole number");
        assertCommandRefused("run measure t 1 1 1 9223372036854775808", "SEED is out of range");
        assertCommandRefused("QUIT", "unknown command");
        assertCommandRefused("quit\r", "unknown command 'quit?'");
    }

    @Test
    void malformedRepliesAreRefused() {
        String good = ControlProtocol.encode(new Done("t", 1, 1, 0, 0, 0, 0, STARTED, null));
        assertReplyRefused("hello", "unknown reply 'hello'");
        assertReplyRefused("error", "unknown reply");
        assertReplyRefused(good.replace("lost=", "lust="), "field 4 must be lost=");
        assertReplyRefused(good.replace(" problem=-", ""), "malformed reply");
        assertReplyRefused(good.replace("jit_ms=0", "jit_ms=-2"), "jit_ms at least -1");
        assertReplyRefused(good.replace("started_utc=2026-12-01T14:00:00.123456Z", "started_utc=now"),
            "started_utc is not an ISO-8601 instant");
        assertReplyRefused(good.replace("problem=-", "problem=%4"), "two hex digits");
        assertReplyRefused(good.replace("problem=-", "problem=%FF"), "not UTF-8");
        assertReplyRefused(good + " alloc_bytes=-2", "alloc_bytes at least -1");
        assertReplyRefused(good + " alloc_bytes=1.5", "alloc_bytes must be a whole number");
        assertReplyRefused(good + " allocated=5", "field 10 must be alloc_bytes=");
        assertReplyRefused(good + " alloc_bytes=5 alloc_bytes=5", "malformed reply");
        assertReplyRefused(good.replace(" problem=-", " alloc_bytes=5"), "field 9 must be problem=");
    }

    private static void assertCommandRefused(String line, String message) {
        ControlProtocolException e = assertThrows(ControlProtocolException.class, () -> ControlProtocol.parseCommand(line));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    private static void assertReplyRefused(String line, String message) {
        ControlProtocolException e = assertThrows(ControlProtocolException.class, () -> ControlProtocol.parseReply(line));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
