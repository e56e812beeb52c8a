package org.dbuslab.server.faults;

import org.dbuslab.server.faults.RawPeer.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile and silent peers against the real p2p server process: each bad peer costs one line on stderr and its
 * connection, never a stack trace, unbounded memory or a thread; the server goes on answering others.
 */
@Timeout(120)
class PeerFaultsIT {

    private static final String TCP_ANY_PORT = "tcp:host=127.0.0.1,port=0";
    private static final int MIB = 1024 * 1024;

    @TempDir
    Path dir;

    @Test
    void aGarbagePeerCostsOneLineWithoutItsBytes() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir, "--listen", TCP_ANY_PORT)) {
            try (RawPeer peer = RawPeer.connect(server.address())) {
                peer.send("GET /secret-token HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                assertTrue(peer.closedWithin(5_000), "the server keeps a garbage peer's connection");
            }
            List<String> stderr = awaitLine(server, line -> line.contains("peer rejected"));
            assertEquals(1, stderr.size(), String.join("\n", stderr));
            assertFalse(stderr.get(0).contains("secret-token"), stderr.get(0));
            assertAnswersEcho(server);
        }
    }

    @Test
    void aSilentPeerIsClosedAfterTheHandshakeTimeout() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir, "--listen", TCP_ANY_PORT, "--handshake-timeout", "500")) {
            long start = System.nanoTime();
            try (RawPeer silent = RawPeer.connect(server.address()); RawPeer halfway = RawPeer.connect(server.address())) {
                halfway.send("\0AUTH ".getBytes(StandardCharsets.US_ASCII));
                assertTrue(silent.closedWithin(5_000), "a silent peer holds its connection");
                assertTrue(halfway.closedWithin(5_000), "a peer that stops mid-handshake holds its connection");
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis < 3_000, "closed after " + millis + " ms, timeout 500 ms");
            List<String> stderr = awaitLine(server, line -> line.contains("no SASL handshake within 500 ms"));
            assertEquals(2, stderr.size(), String.join("\n", stderr));
            assertAnswersEcho(server);
        }
    }

    @Test
    void aPeerOverTheConnectionLimitIsClosedAtOnce() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir, "--listen", TCP_ANY_PORT, "--max-connections", "2")) {
            try (RawPeer first = RawPeer.connect(server.address()).authenticate();
                 RawPeer second = RawPeer.connect(server.address())) { // counts while in its handshake too
                try (RawPeer third = RawPeer.connect(server.address())) {
                    assertTrue(third.closedWithin(5_000), "a third peer over a limit of 2 keeps its connection");
                }
                assertEquals(Outcome.SILENT, first.await(100), "a peer within the limit was closed");
            }
            List<String> refused = awaitLine(server, line -> line.contains("peer refused")).stream()
                .filter(line -> line.contains("peer refused")).toList(); // the second, leaving mid-handshake, is "rejected"
            assertEquals(1, refused.size(), String.join("\n", refused));
            assertTrue(refused.get(0).contains("2 connections already"), refused.get(0));
            assertAnswersEcho(server); // once the others left, a peer is served again
        }
    }

    @Test
    void aMessageOverThePerConnectionCapClosesThatConnection() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir, "--listen", TCP_ANY_PORT, "--max-message-bytes",
            Integer.toString(MIB))) {
            try (RawPeer peer = RawPeer.connect(server.address()).authenticate()) {
                peer.send(withBodyLength(WireMessages.echoCall((byte) 'l', new byte[8]), 2 * MIB));
                assertTrue(peer.closedWithin(5_000), "a 2 MiB claim over a 1 MiB cap keeps its connection");
            }
            List<String> stderr = awaitLine(server, line -> line.contains("peer dropped"));
            assertEquals(1, stderr.size(), String.join("\n", stderr));
            assertTrue(stderr.get(0).contains("over the limit of " + MIB + " bytes per connection"), stderr.get(0));
            assertAnswersEcho(server);
        }
    }

    @Test
    void theConnectionThatBreaksTheGlobalBudgetIsClosedAndTheOthersAreServed() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir, "--listen", TCP_ANY_PORT,
            "--max-message-bytes", Integer.toString(8 * MIB), "--max-incoming-bytes", Integer.toString(6 * MIB))) {
            byte[] first = WireMessages.echoCall((byte) 'l', new byte[5 * MIB]);
            byte[] second = WireMessages.echoCall((byte) 'l', new byte[5 * MIB]);
            try (RawPeer a = RawPeer.connect(server.address()).authenticate();
                 RawPeer b = RawPeer.connect(server.address()).authenticate()) {
                int aPart = 9 * MIB / 2;
                a.send(java.util.Arrays.copyOf(first, aPart));
                assertEquals(Outcome.SILENT, a.await(500), "the server should wait for the rest of a's message");
                b.send(java.util.Arrays.copyOf(second, 2 * MIB));
                assertTrue(b.closedWithin(5_000), "b went over the 6 MiB budget and keeps its connection");
                a.send(java.util.Arrays.copyOfRange(first, aPart, first.length));
                assertEquals(Outcome.ANSWERED, a.await(10_000), "a, within the budget, gets no answer");
            }
            List<String> stderr = awaitLine(server, line -> line.contains("peer dropped"));
            assertEquals(1, stderr.size(), String.join("\n", stderr));
            assertTrue(stderr.get(0).contains("over the budget of " + 6 * MIB + " bytes across connections"), stderr.get(0));
            assertAnswersEcho(server);
        }
    }

    @Test
    void headersClaimingHugeBodiesCostNoMemoryUntilTheBytesArrive() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir, "--listen", TCP_ANY_PORT)) {
            assertAnswersEcho(server);
            long before = server.rssBytes();
            List<RawPeer> peers = new ArrayList<>();
            try {
                for (int i = 0; i < 40; i++) {
                    RawPeer peer = RawPeer.connect(server.address()).authenticate();
                    peers.add(peer);
                    peer.send(withBodyLength(WireMessages.echoCall((byte) 'l', new byte[8]), 127 * MIB));
                }
                for (RawPeer peer : peers) {
                    assertEquals(Outcome.SILENT, peer.await(50), "a valid claim should wait for its bytes");
                }
                assertAnswersEcho(server);
                long grown = server.rssBytes() - before;
                assertTrue(grown < 64L * MIB, "40 claims of 127 MiB grew the server by " + grown / MIB + " MiB");
            } finally {
                for (RawPeer peer : peers) {
                    peer.close();
                }
            }
            assertTrue(server.isAlive());
        }
    }

    @Test
    void anInvalidByteOrderMarkClosesTheConnectionWithoutAReply() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir, "--listen", TCP_ANY_PORT)) {
            byte[] call = WireMessages.echoCall((byte) 'l', new byte[8]);
            call[0] = 'X';
            try (RawPeer peer = RawPeer.connect(server.address()).authenticate()) {
                peer.send(call);
                assertEquals(Outcome.CLOSED, peer.await(5_000), "an invalid byte order got a reply");
            }
            List<String> stderr = awaitLine(server, line -> line.contains("peer dropped"));
            assertTrue(stderr.get(0).contains("byte-order"), stderr.get(0));
            assertAnswersEcho(server);
        }
    }

    @Test
    void peersThatLeaveMidPipelineLeaveNoStackTrace() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir, "--listen", TCP_ANY_PORT)) {
            byte[] call = WireMessages.echoCall((byte) 'l', new byte[2000]);
            byte[] pipeline = new byte[call.length * 200];
            for (int i = 0; i < 200; i++) {
                System.arraycopy(call, 0, pipeline, i * call.length, call.length);
            }
            for (int i = 0; i < 20; i++) {
                RawPeer peer = RawPeer.connect(server.address()).authenticate();
                peer.send(pipeline);
                peer.reset(); // gone while its replies are being written
            }
            assertAnswersEcho(server);
            List<String> stderr = awaitLine(server, line -> line.contains("peer left"));
            assertTrue(stderr.stream().noneMatch(line -> line.contains("Exception")), String.join("\n", stderr));
        }
    }

    /** A copy of {@code message} whose header claims a body of {@code length} bytes (little-endian message). */
    static byte[] withBodyLength(byte[] message, int length) {
        byte[] copy = message.clone();
        ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN).putInt(4, length);
        return copy;
    }

    /** A fresh peer's valid Echo call is answered. */
    static void assertAnswersEcho(ServerProcess server) throws Exception {
        try (RawPeer peer = RawPeer.connect(server.address()).authenticate()) {
            peer.send(WireMessages.echoCall((byte) 'l', "still serving".getBytes(StandardCharsets.US_ASCII)));
            assertEquals(Outcome.ANSWERED, peer.await(10_000), "the server stopped answering");
        }
    }

    /**
     * Waits (up to 10 s) until stderr has a line that {@code wanted} accepts, then returns the server's lines that
     * are not routine peer events (connected, left), after checking that none is part of a stack trace.
     */
    static List<String> awaitLine(ServerProcess server, Predicate<String> wanted) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        List<String> lines = server.stderrLines();
        while (lines.stream().noneMatch(wanted) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            lines = server.stderrLines();
        }
        Thread.sleep(200); // lines that would follow (a stack trace) come within this
        lines = server.stderrLines();
        for (String line : lines) {
            assertTrue(line.startsWith("dbus-lab-server: "), "not one of the server's lines: " + line + "\n" + lines);
        }
        assertTrue(lines.stream().anyMatch(wanted), "no such line in:\n" + String.join("\n", lines));
        return lines.stream().filter(line -> !line.contains("peer connected") && !line.contains("peer left")).toList();
    }
}
