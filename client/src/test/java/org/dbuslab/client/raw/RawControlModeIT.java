package org.dbuslab.client.raw;

import org.dbuslab.client.control.ControlledProcess;
import org.dbuslab.client.control.LatencyIntervals;
import org.dbuslab.format.ControlProtocol.Bye;
import org.dbuslab.format.ControlProtocol.CommandError;
import org.dbuslab.format.ControlProtocol.Done;
import org.dbuslab.format.ControlProtocol.Fatal;
import org.dbuslab.format.ControlProtocol.Quit;
import org.dbuslab.format.ControlProtocol.Ready;
import org.dbuslab.format.ControlProtocol.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The raw floor client's --control mode in a process of its own against the real raw server. */
class RawControlModeIT {

    @TempDir
    Path dir;

    private RawEchoServer.Running server(String kind) throws Exception {
        return RawEchoServer.start(RawAddress.parse("unix".equals(kind) ? "unix:path=" + dir.resolve("raw.sock")
            : "tcp:host=127.0.0.1,port=0"), line -> { });
    }

    @ParameterizedTest
    @ValueSource(strings = {"unix", "tcp"})
    void oneConnectionServesRunsOfEverySizeAndWindow(String kind) throws Exception {
        Path log = dir.resolve("latency/raw.hlog");
        List<Run> runs = List.of(new Run("warmup", "w1", 1000, 16, 300, 1), new Run("measure", "m1", 10_000, 128, 500, 2),
            new Run("measure", "m2", 0, 1, 50, 3), new Run("measure", "m3", 7, 4, 60, 4));
        try (RawEchoServer.Running server = server(kind);
             ControlledProcess client = ControlledProcess.start(RawEchoClient.class, dir, List.of("--control",
                 "--address", server.address().toString(), "--mode", "async", "--latency-log", log.toString()))) {
            assertInstanceOf(Ready.class, client.next(), client.stderr());
            for (Run run : runs) {
                Done done = client.run(run);
                assertEquals(run.calls(), done.calls());
                assertEquals(0, done.lost() + done.mismatched() + done.errors(), done + "; " + client.stderr());
            }
            client.send(new Quit());
            assertInstanceOf(Bye.class, client.next());
            assertEquals(0, client.exitCode(), client.stderr());
        }
        LatencyIntervals.assertOneIntervalPerRun(log, runs);
    }

    @Test
    void aClosedStdinIsQuitAndAServerThatGoesAwayIsFatal() throws Exception {
        try (RawEchoServer.Running server = server("unix");
             ControlledProcess client = ControlledProcess.start(RawEchoClient.class, dir, List.of("--control",
                 "--address", server.address().toString(), "--mode", "sync"))) {
            assertInstanceOf(Ready.class, client.next(), client.stderr());
            assertEquals(0, client.run(new Run("measure", "a", 100, 1, 10, 1)).errors());
            server.close();
            Done done = client.run(new Run("measure", "b", 100, 1, 10, 2));
            assertTrue(done.lost() + done.errors() > 0, done.toString());
            assertInstanceOf(Fatal.class, client.next());
            assertEquals(1, client.exitCode(), client.stderr());
        }
        try (RawEchoServer.Running server = server("tcp");
             ControlledProcess client = ControlledProcess.start(RawEchoClient.class, dir, List.of("--control",
                 "--address", server.address().toString(), "--mode", "sync"))) {
            assertInstanceOf(Ready.class, client.next(), client.stderr());
            client.send("run measure tägé 1 1 1 1");
            CommandError refused = assertInstanceOf(CommandError.class, client.next());
            assertTrue(refused.text().contains("'tägé'"), refused.text());
            client.closeStdin();
            assertEquals(0, client.exitCode(), client.stderr());
        }
    }
}
