package org.dbuslab.client.it;

import org.dbuslab.client.ClientMain;
import org.dbuslab.client.control.ControlledProcess;
import org.dbuslab.client.control.LatencyIntervals;
import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.ControlProtocol.Bye;
import org.dbuslab.format.ControlProtocol.CommandError;
import org.dbuslab.format.ControlProtocol.Done;
import org.dbuslab.format.ControlProtocol.Fatal;
import org.dbuslab.format.ControlProtocol.Ready;
import org.dbuslab.format.ControlProtocol.Run;
import org.dbuslab.server.BusEchoServer;
import org.dbuslab.server.EchoService;
import org.dbuslab.server.peer.PeerEchoServer;
import org.dbuslab.testkit.PrivateBus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The D-Bus client's --control mode in a process of its own, on a real private dbus-daemon and on a direct
 * connection to the p2p server: one connection, runs of different sizes and windows, every done line and every
 * latency interval checked, then quit.
 */
class ControlModeIntegrationIT {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"sync", "async"})
    void aPersistentClientOnDbusDaemonMakesEveryRunItIsAsked(String mode) throws Exception {
        try (PrivateBus bus = PrivateBus.start("dbus-daemon");
             BusEchoServer server = BusEchoServer.start(bus.address(), new EchoService())) {
            drive(mode, List.of("--address", bus.address(), "--transport", "dbus-daemon"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sync", "async"})
    void aPersistentClientOnAPeerConnectionMakesEveryRunItIsAsked(String mode) throws Exception {
        try (PeerEchoServer server = PeerEchoServer.start("unix:path=" + dir.resolve("p2p.sock"), new EchoService(),
                line -> { })) {
            drive(mode, List.of("--address", server.address(), "--peer"));
        }
    }

    @Test
    void aDeadConnectionIsCountedInTheRunThenFatal() throws Exception {
        PeerEchoServer server = PeerEchoServer.start("unix:path=" + dir.resolve("p2p.sock"), new EchoService(),
            line -> { });
        try (ControlledProcess client = ControlledProcess.start(ClientMain.class, dir, List.of("--control",
                "--address", server.address(), "--peer", "--mode", "sync", "--reply-timeout", "2000"))) {
            assertInstanceOf(Ready.class, client.next());
            assertEquals(0, client.run(new Run("measure", "before", 100, 1, 20, 1)).errors());
            server.close();
            Done done = client.run(new Run("measure", "after", 100, 1, 20, 2));
            assertEquals(20, done.calls());
            assertTrue(done.lost() + done.errors() > 0, done.toString());
            assertInstanceOf(Fatal.class, client.next());
            assertEquals(1, client.exitCode(), client.stderr());
        } finally {
            server.close();
        }
    }

    private void drive(String mode, List<String> connection) throws Exception {
        Path log = dir.resolve("latency/client-" + mode + ".hlog");
        List<String> args = new ArrayList<>(connection);
        args.addAll(List.of("--control", "--mode", mode, "--latency-log", log.toString()));
        List<Run> runs = "sync".equals(mode)
            ? List.of(new Run("warmup", "w1", 1000, 1, 200, 1), new Run("measure", "m1", 0, 1, 50, 2),
                new Run("measure", "m2", 10_000, 1, 100, 3))
            : List.of(new Run("warmup", "w1", 1000, 8, 300, 1), new Run("measure", "m1", 10_000, 32, 200, 2),
                new Run("measure", "m2", 0, 1, 50, 3), new Run("measure", "m3", 1000, 128, 500, 4));
        try (ControlledProcess client = ControlledProcess.start(ClientMain.class, dir, args)) {
            assertInstanceOf(Ready.class, client.next(), client.stderr());
            for (Run run : runs) {
                Done done = client.run(run);
                assertEquals(run.calls(), done.calls(), done.toString());
                assertEquals(0, done.lost() + done.mismatched() + done.errors(), done + "; " + client.stderr());
                assertNull(done.problem());
                assertTrue(done.elapsedNanos() > 0 && done.jitMillis() >= 0, done.toString());
                if ("sync".equals(mode)) {
                    client.send("run measure refused 100 8 10 1");
                    assertInstanceOf(CommandError.class, client.next());
                }
            }
            client.send(new ControlProtocol.Quit());
            assertInstanceOf(Bye.class, client.next());
            assertEquals(0, client.exitCode(), client.stderr());
        }
        LatencyIntervals.assertOneIntervalPerRun(log, runs);
    }
}
