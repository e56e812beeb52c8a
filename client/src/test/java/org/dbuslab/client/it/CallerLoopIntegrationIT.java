package org.dbuslab.client.it;

import org.dbuslab.api.Echo1;
import org.dbuslab.api.EchoContract;
import org.dbuslab.client.callpath.CallMethod;
import org.dbuslab.client.callpath.CallPathKind;
import org.dbuslab.client.callpath.DbusJavaConnector;
import org.dbuslab.client.callpath.EchoCallPath;
import org.dbuslab.client.callpath.ReplyReading;
import org.dbuslab.client.run.EchoRun;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;
import org.dbuslab.server.BusEchoServer;
import org.dbuslab.server.EchoService;
import org.dbuslab.server.peer.PeerEchoServer;
import org.dbuslab.testkit.PrivateBus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pipelined calls whose caller runs libdbus's kind of event loop ({@link ReplyReading#CALLER_LOOP}): on unix
 * and TCP sockets every reply comes back exact, also for calls larger than the socket holds; a direct peer that answers
 * each call before it reads on (the lab's server) cannot deadlock it; a late reply is lost and the run goes on.
 * Over TCP too: the tests, like the lab's jars, export {@code sun.nio.ch}, where the descriptor is.
 */
class CallerLoopIntegrationIT {

    private static final long TIMEOUT = TimeUnit.SECONDS.toNanos(10);
    private static final Duration NO_DEADLOCK = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"dbus-daemon", "dbus-broker", "dbus-daemon-tcp"})
    void pipelinedCallsOnABusAreEchoedExactly(String transport) throws Exception {
        try (PrivateBus bus = PrivateBus.start(transport);
             BusEchoServer server = BusEchoServer.start(bus.address(), new EchoService());
             EchoCallPath path = connect(bus.address(), false, EchoContract.BUS_NAME)) {
            assertEquals(ReplyReading.CALLER_LOOP, path.replyReading());
            assertTimeoutPreemptively(NO_DEADLOCK, () -> {
                for (int size : new int[] {0, 1000, 10_000, 300_000}) {
                    for (int window : new int[] {2, 128}) {
                        int calls = size > 100_000 ? 40 : 400;
                        RunResult result = new EchoRun(path, window, TIMEOUT).run(calls, new PayloadGenerator(size, size + window));
                        assertTrue(result.clean(), transport + " " + size + " B window " + window + ": " + result);
                        assertEquals(calls, result.ok(), transport + " " + size + " B window " + window);
                    }
                }
            });
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"unix", "tcp"})
    void aDirectPeerThatAnswersBeforeItReadsOnCannotDeadlockIt(String kind) throws Exception {
        String listen = kind.equals("unix") ? "unix:path=" + dir.resolve("p2p.sock") : "tcp:host=127.0.0.1,port=0";
        try (PeerEchoServer server = PeerEchoServer.start(listen, new EchoService(), line -> { });
             EchoCallPath path = connect(server.address(), true, null)) {
            assertEquals(ReplyReading.CALLER_LOOP, path.replyReading());
            // 128 calls of 300 kB outstanding: far more than both sockets hold, so blocking writes on both sides
            // would stop for good
            RunResult result = assertTimeoutPreemptively(NO_DEADLOCK,
                () -> new EchoRun(path, 128, TIMEOUT).run(300, new PayloadGenerator(300_000, 7)));
            assertTrue(result.clean(), result.toString());
            assertEquals(300, result.ok());
        }
    }

    @Test
    void aLateReplyIsLostAndTheRunGoesOn() throws Exception {
        Echo1 slowOnce = new LateOnceEcho(50, 600); // late, but under 3 reply timeouts: no dead connection
        try (PeerEchoServer server = PeerEchoServer.start("unix:path=" + dir.resolve("slow.sock"), slowOnce,
                 line -> { });
             EchoCallPath path = connect(server.address(), true, null)) {
            RunResult result = new EchoRun(path, 8, TimeUnit.MILLISECONDS.toNanos(300))
                .run(200, new PayloadGenerator(1000, 3));
            assertTrue(result.lost() >= 1, result.toString());
            assertEquals(0, result.mismatched(), result.toString());
            assertEquals(0, result.errors(), result.toString());
            assertTrue(result.ok() >= 100, "calls after the late ones are answered: " + result);
            assertEquals(null, result.abandoned(), result.toString());
        }
    }

    private static EchoCallPath connect(String address, boolean peer, String destination) throws Exception {
        return DbusJavaConnector.connect(address, peer, destination, CallMethod.ECHO,
            DbusJavaConnector.DEFAULT_CONNECT_TIMEOUT_MS, CallPathKind.LEAN, ReplyReading.CALLER_LOOP);
    }
}
