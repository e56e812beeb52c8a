package org.dbuslab.stock;

import org.dbuslab.testkit.TestJvm;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.ControlProtocol.Done;
import org.dbuslab.format.ControlProtocol.Reply;
import org.dbuslab.testkit.LineProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The stock client's --control mode as the session runner drives it (a real process, a real bus): ready, run → done
 * with jit_ms from the JVM, refused and malformed commands → error, quit → bye and exit 0; each run's latencies in the
 * --latency-log tagged with its TAG; corrupted replies counted in done.
 */
class StockControlIT {

    private static final Duration LINE_TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    @Test
    void syncRunsAnswerDoneAndLogTheirLatencies() throws Exception {
        Path log = tmp.resolve("latency.hlog");
        try (ServerOn server = ServerOn.start(ServerOn.Kind.STOCK, "dbus-broker");
             LineProcess client = client(server, "sync", "--latency-log", log.toString())) {
            assertInstanceOf(ControlProtocol.Ready.class, next(client));
            Done first = run(client, "warmup", "w1", 1000, 1, 50, 3);
            assertEquals(50, first.calls());
            assertEquals(0, first.lost() + first.mismatched() + first.errors(), client.stderr());
            assertTrue(first.jitMillis() >= 0, "jit_ms comes from the JVM's CompilationMXBean: " + first.jitMillis());
            Done second = run(client, "measure", "m1", 10000, 1, 20, 4);
            assertEquals(0, second.lost() + second.mismatched() + second.errors(), client.stderr());

            client.send("run measure bad 1000 4 10 1");
            Reply refused = next(client);
            assertInstanceOf(ControlProtocol.CommandError.class, refused, "sync refuses WINDOW 4");
            client.send("run what");
            assertInstanceOf(ControlProtocol.CommandError.class, next(client));
            client.send("quit");
            assertInstanceOf(ControlProtocol.Bye.class, next(client));
            assertEquals(0, client.waitFor(Duration.ofSeconds(30)), client.stderr());
        }
        Map<String, Long> counts = tagCounts(log);
        assertEquals(Map.of("w1", 50L, "m1", 20L), counts);
    }

    @Test
    void asyncRunsCountCorruptedReplies() throws Exception {
        try (ServerOn server = ServerOn.start(ServerOn.Kind.STOCK, "dbus-daemon", "--corrupt-every", "10");
             LineProcess client = client(server, "async", "--window", "32")) {
            assertInstanceOf(ControlProtocol.Ready.class, next(client));
            Done done = run(client, "measure", "a1", 1000, 32, 200, 5);
            assertEquals(200, done.calls());
            assertEquals(20, done.mismatched(), done.toString());
            assertEquals(0, done.lost() + done.errors(), done.toString());
            assertNotEquals(null, done.problem());
            client.send("quit");
            assertInstanceOf(ControlProtocol.Bye.class, next(client));
            assertEquals(0, client.waitFor(Duration.ofSeconds(30)), client.stderr());
        }
    }

    static LineProcess client(ServerOn server, String mode, String... extra) throws IOException {
        List<String> command = TestJvm.java();
        command.addAll(TestJvm.LEAN_FLAGS);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), StockClientMain.class.getName()));
        command.addAll(server.clientOptions());
        command.addAll(List.of("--mode", mode, "--reply-timeout", "10000", "--control"));
        command.addAll(List.of(extra));
        return LineProcess.start(command);
    }

    private static Done run(LineProcess client, String phase, String tag, int payload, int window, int calls, long seed)
        throws IOException, InterruptedException {
        client.send(ControlProtocol.encode(new ControlProtocol.Run(phase, tag, payload, window, calls, seed)));
        Reply reply = next(client);
        Done done = assertInstanceOf(Done.class, reply, "stderr: " + client.stderr());
        assertEquals(tag, done.tag());
        return done;
    }

    private static Reply next(LineProcess client) throws IOException, InterruptedException {
        return ControlProtocol.parseReply(client.nextLine(LINE_TIMEOUT));
    }

    private static Map<String, Long> tagCounts(Path log) throws IOException {
        Map<String, Long> counts = new HashMap<>();
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            counts.merge(h.getTag(), ((org.HdrHistogram.Histogram) h).getTotalCount(), Long::sum);
        }
        reader.close();
        return counts;
    }
}
