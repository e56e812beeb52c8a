package org.dbuslab.faults;

import org.dbuslab.faults.support.Budget;
import org.dbuslab.faults.support.EchoClient;
import org.dbuslab.faults.support.EchoServer;
import org.dbuslab.faults.support.FaultCase;
import org.dbuslab.faults.support.LabProcess;
import org.dbuslab.faults.support.RawPeer;
import org.dbuslab.format.Transport;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;

import static org.dbuslab.faults.support.FaultChecks.exitCode;
import static org.dbuslab.faults.support.FaultChecks.failed;
import static org.dbuslab.faults.support.FaultChecks.noStackTrace;
import static org.dbuslab.faults.support.FaultChecks.oneMessage;
import static org.dbuslab.faults.support.FaultChecks.serverLines;
import static org.dbuslab.faults.support.FaultChecks.within;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Peers that are not D-Bus peers, on real sockets: a silent one and a garbage-sending one against the p2p server,
 * and a non-D-Bus listener against the client (issue 13, items 2, 5 and 9).
 */
class PeerHandshakeIT {

    @TempDir
    Path dir;

    /** Item 9: a peer that connects and says nothing is dropped after the server's handshake timeout. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"P2P_UNIX", "P2P_TCP"})
    void silentPeerIsDroppedAfterTheHandshakeTimeout(Transport transport) throws Exception {
        try (FaultCase c = new FaultCase(dir)) {
            EchoServer server = c.server(transport, null, "--handshake-timeout", Long.toString(Budget.serverTimeoutMs()));
            try (RawPeer silent = RawPeer.connect(server.address())) {
                EchoClient client = c.client("client", transport, null, server, EchoClient.Spec.shortRun());
                LabProcess.Exit exit = client.process().awaitExit(Budget.slack());
                boolean dropped = silent.closedWithin(Budget.serverGivesUp().plus(Budget.slack()));
                assertAll(transport + ": a silent peer",
                    exitCode(0, exit, client.process()),
                    () -> assertTrue(dropped, "the server still holds a peer that never said a word after "
                        + Budget.serverGivesUp().plus(Budget.slack()).toMillis() + " ms"),
                    noStackTrace(server.process()),
                    serverLines(server.process(), 0, 1, "a silent peer"));
            }
        }
    }

    /** Item 5: garbage instead of SASL costs the server one line, without the peer's bytes, and the connection. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"P2P_UNIX", "P2P_TCP"})
    void garbagePeerIsClosedWithOneLine(Transport transport) throws Exception {
        try (FaultCase c = new FaultCase(dir)) {
            EchoServer server = c.server(transport, null);
            try (RawPeer garbage = RawPeer.connect(server.address())) {
                garbage.send(garbage());
                boolean closed = garbage.closedWithin(Budget.serverGivesUp().plus(Budget.slack()));
                EchoClient client = c.client("client", transport, null, server, EchoClient.Spec.shortRun());
                LabProcess.Exit exit = client.process().awaitExit(Budget.slack());
                assertAll(transport + ": a garbage peer",
                    () -> assertTrue(closed, "the server kept a garbage peer's connection open"),
                    exitCode(0, exit, client.process()),
                    noStackTrace(server.process()),
                    serverLines(server.process(), 0, 1, "a garbage peer"),
                    () -> assertFalse(server.process().stderr().contains("GARBAGE"), "the server echoes the peer's bytes"));
            }
        }
    }

    /**
     * Items 2 and 5: the client against a listener that is not D-Bus (it answers like a web server and hangs up):
     * one line, exit 2, within the connect timeout.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"P2P_UNIX", "P2P_TCP"})
    void clientAgainstANonDbusPeerSaysOneLine(Transport transport) throws Exception {
        boolean unix = transport == Transport.P2P_UNIX;
        try (FaultCase c = new FaultCase(dir);
             ServerSocketChannel listener = ServerSocketChannel.open(unix ? StandardProtocolFamily.UNIX
                 : StandardProtocolFamily.INET)) {
            listener.bind(unix ? UnixDomainSocketAddress.of(dir.resolve("web.sock"))
                : new java.net.InetSocketAddress("127.0.0.1", 0));
            String address = unix ? "unix:path=" + dir.resolve("web.sock")
                : "tcp:host=127.0.0.1,port=" + ((java.net.InetSocketAddress) listener.getLocalAddress()).getPort();
            Thread web = new Thread(() -> answerLikeAWebServer(listener), "web-peer");
            web.setDaemon(true);
            web.start();
            long started = System.nanoTime();
            EchoClient client = c.client("client", transport, address, EchoClient.Spec.connectFails());
            Duration bound = Budget.connectTimeout().plus(Budget.slack());
            LabProcess.Exit exit = client.process().awaitExit(bound.plusSeconds(3));
            assertAll(transport + ": a peer that is not D-Bus",
                failed(exit, client.process()),
                exitCode(2, exit, client.process()),
                oneMessage(client.process()),
                noStackTrace(client.process()),
                within(bound, exit.since(started), "the client against a non-D-Bus peer"));
        }
    }

    private static void answerLikeAWebServer(ServerSocketChannel listener) {
        try (SocketChannel peer = listener.accept()) {
            peer.read(ByteBuffer.allocate(4096));
            peer.write(ByteBuffer.wrap("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII)));
        } catch (java.io.IOException ignored) {
            // the test judges the client, not this peer
        }
    }

    /** Random bytes with a marker, from a fixed seed so a failure can be replayed. */
    private static byte[] garbage() {
        byte[] bytes = new byte[4096];
        new Random(13).nextBytes(bytes);
        byte[] marker = "GARBAGE".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i + marker.length < bytes.length; i += 512) {
            System.arraycopy(marker, 0, bytes, i, marker.length);
        }
        return bytes;
    }
}
