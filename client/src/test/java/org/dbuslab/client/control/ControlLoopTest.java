package org.dbuslab.client.control;

import org.HdrHistogram.Histogram;
import org.dbuslab.client.callpath.Reply;
import org.dbuslab.client.record.LatencyLog;
import org.dbuslab.client.run.JitClock;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;
import org.dbuslab.client.run.ScriptedCallPath;
import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.ControlProtocol.CommandError;
import org.dbuslab.format.ControlProtocol.Done;
import org.dbuslab.format.ControlProtocol.Fatal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The control loop on a scripted call path: the protocol's every answer, through the real EchoRun. */
class ControlLoopTest {

    private static final long TIMEOUT = 1_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void runsOfDifferentSizesAndWindowsEachGetTheirDoneAndTheirInterval() throws Exception {
        ScriptedCallPath path = ScriptedCallPath.honest();
        AtomicLong jit = new AtomicLong();
        Path log = dir.resolve("latency/client.hlog");
        Session s = serve(new EchoRunClient(path, TIMEOUT, true), false, () -> jit.addAndGet(3), log,
            "run warmup w-1 1000 16 200 1",
            "run measure m-1 0 1 50 2",
            "run measure m-2 10000 4 30 -3",
            "quit");
        assertEquals(ControlLoop.EXIT_QUIT, s.exit, s.err);
        assertEquals(List.of("ready"), s.lines.subList(0, 1));
        assertEquals("bye", s.lines.get(4));
        assertEquals(5, s.lines.size(), s.lines.toString());
        int[] calls = {200, 50, 30};
        String[] tags = {"w-1", "m-1", "m-2"};
        List<Histogram> intervals = LatencyIntervals.read(log);
        assertEquals(3, intervals.size());
        for (int i = 0; i < 3; i++) {
            Done done = (Done) ControlProtocol.parseReply(s.lines.get(1 + i));
            assertEquals(tags[i], done.tag());
            assertEquals(calls[i], done.calls());
            assertEquals(0, done.lost() + done.mismatched() + done.errors(), s.lines.get(1 + i));
            assertNull(done.problem());
            assertEquals(3, done.jitMillis()); // the clock advanced 3 ms between its two readings
            assertTrue(done.elapsedNanos() > 0);
            assertEquals(tags[i], intervals.get(i).getTag());
            assertEquals(calls[i], intervals.get(i).getTotalCount());
        }
        assertEquals(16, path.maxOutstanding());
        assertTrue(s.err.isEmpty(), s.err);
    }

    @Test
    void eachDoneSaysWhatTheJvmAllocatedDuringItsRun() {
        int[] megabytes = {8, 1};
        int[] run = {0};
        ControlledClient allocating = new ControlledClient() {
            @Override
            public RunResult run(int window, int calls, PayloadGenerator payloads) throws Exception {
                RunResult result = new EchoRunClient(ScriptedCallPath.honest(), TIMEOUT, true)
                    .run(window, calls, payloads);
                for (int i = 0; i < megabytes[run[0]] * 256; i++) {
                    sink = new byte[4096];
                }
                run[0]++;
                return result;
            }

            @Override
            public String lostReason() {
                return null;
            }
        };
        Session s = serve(allocating, true, () -> -1, null, "run measure a 100 1 10 1", "run measure b 100 1 10 2",
            "quit");
        Done first = (Done) ControlProtocol.parseReply(s.lines.get(1));
        Done second = (Done) ControlProtocol.parseReply(s.lines.get(2));
        assertTrue(first.allocatedBytes() >= 8 << 20, "8 MiB allocated in the run: " + first);
        assertTrue(second.allocatedBytes() >= 1 << 20 && second.allocatedBytes() < 8 << 20,
            "1 MiB in the second, none of the first's: " + second);
    }

    private static volatile Object sink;

    @Test
    void refusedAndMalformedCommandsAreAnsweredAndTheLoopGoesOn() {
        Session s = serve(new EchoRunClient(ScriptedCallPath.honest(), TIMEOUT, true), true, () -> -1, null,
            "run measure a 100 8 10 1",
            "run measure a 100 1 10",
            "hello",
            "run measure b " + (64 * 1024 * 1024 + 1) + " 1 10 1",
            "run measure c 100 1 10 1");
        // no quit: the end of stdin ends the loop like quit, without a bye
        assertEquals(ControlLoop.EXIT_QUIT, s.exit);
        assertEquals(6, s.lines.size(), s.lines.toString());
        assertEquals("ready", s.lines.get(0));
        assertEquals("run a: WINDOW must be 1 in sync mode, was 8", error(s.lines.get(1)));
        assertTrue(error(s.lines.get(2)).startsWith("malformed command 'run measure a 100 1 10'"), s.lines.get(2));
        assertTrue(error(s.lines.get(3)).startsWith("unknown command 'hello'"), s.lines.get(3));
        assertTrue(error(s.lines.get(4)).startsWith("run b: PAYLOAD_BYTES must be at most"), s.lines.get(4));
        Done done = (Done) ControlProtocol.parseReply(s.lines.get(5));
        assertEquals("c", done.tag());
        assertEquals(-1, done.jitMillis());
    }

    @Test
    void hostileSizesAreRefusedBeforeAnyMemoryIsTakenForThem() {
        Session s = serve(new EchoRunClient(ScriptedCallPath.honest(), TIMEOUT, true), false, () -> -1, null,
            "run measure d 0 " + (ControlLoop.MAX_WINDOW + 1) + " 2000000000 1",
            "run measure e 10000000 64 64 1",
            "run measure f 10000000 64 2 1");
        assertEquals(4, s.lines.size(), s.lines.toString());
        assertEquals("run d: WINDOW must be at most 65536, was 65537", error(s.lines.get(1)));
        assertEquals("run e: WINDOW x PAYLOAD_BYTES must be at most 268435456 bytes outstanding, was 640000000",
            error(s.lines.get(2)));
        assertEquals(2, ((Done) ControlProtocol.parseReply(s.lines.get(3))).calls()); // only 2 calls can be outstanding
    }

    @Test
    void aRunThatKillsTheConnectionIsCountedThenFatal() {
        // Calls from the 6th on fail as a broken connection makes them; the path then says it is lost.
        ScriptedCallPath path = new ScriptedCallPath((i, sent) -> i < 5 ? Reply.returned(sent.get(i).clone())
            : Reply.error("connection lost: broken pipe"));
        EchoRunClient runs = new EchoRunClient(path, TIMEOUT, true);
        ControlledClient dying = new ControlledClient() {
            boolean dead;

            @Override
            public RunResult run(int window, int calls, PayloadGenerator payloads) throws Exception {
                RunResult result = runs.run(window, calls, payloads);
                dead = !result.clean();
                return result;
            }

            @Override
            public String lostReason() {
                return dead ? "broken pipe" : null;
            }
        };
        Session s = serve(dying, false, () -> -1, null, "run measure x 100 4 20 1", "run measure y 100 4 20 1");
        assertEquals(ControlLoop.EXIT_FATAL, s.exit);
        assertEquals(3, s.lines.size(), s.lines.toString());
        Done done = (Done) ControlProtocol.parseReply(s.lines.get(1));
        assertEquals(20, done.calls());
        assertEquals(15, done.errors());
        assertTrue(done.problem().contains("broken pipe"), done.problem());
        assertEquals(new Fatal("the connection is lost: broken pipe"), ControlProtocol.parseReply(s.lines.get(2)));
        assertTrue(s.err.contains("the connection is lost: broken pipe"), s.err);
    }

    @Test
    void lostRepliesAreLostNeverSuccesses() {
        ScriptedCallPath path = new ScriptedCallPath((i, sent) -> i == 3 ? Reply.timedOut()
            : Reply.returned(sent.get(i).clone()));
        Session s = serve(new EchoRunClient(path, TIMEOUT, true), false, () -> -1, null, "run measure x 10 2 10 1",
            "quit");
        Done done = (Done) ControlProtocol.parseReply(s.lines.get(1));
        assertEquals(1, done.lost());
        assertEquals(0, done.errors() + done.mismatched());
        assertEquals("bye", s.lines.get(2));
    }

    private static String error(String line) {
        return assertInstanceOf(CommandError.class, ControlProtocol.parseReply(line)).text();
    }

    private record Session(int exit, List<String> lines, String err) { }

    private static Session serve(ControlledClient client, boolean sync, JitClock jit, Path log, String... commands) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String input = commands.length == 0 ? "" : String.join("\n", commands) + "\n";
        int exit = new ControlLoop(client, sync, 64 * 1024 * 1024, log != null ? new LatencyLog(log) : null, jit,
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
            "test-client").serve(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.endsWith("\n"), text);
        return new Session(exit, List.of(text.split("\n")), err.toString(StandardCharsets.UTF_8));
    }
}
