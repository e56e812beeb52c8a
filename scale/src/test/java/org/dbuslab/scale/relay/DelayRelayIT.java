package org.dbuslab.scale.relay;

import org.dbuslab.client.raw.RawAddress;
import org.dbuslab.client.raw.RawEchoServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The delay line's behaviour on real loopback sockets: order, completeness, the delay, half-closes, shutdown. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DelayRelayIT {

    private static final long MS = 1_000_000;

    private static RawEchoServer.Running echoServer() throws IOException {
        return RawEchoServer.start(RawAddress.parse("tcp:host=127.0.0.1,port=0"), line -> { });
    }

    private static RelayTarget targetOf(RawEchoServer.Running server) {
        return RelayTarget.parse(server.address().toString());
    }

    private static Socket connect(DelayRelay relay) throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), relay.port());
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(20_000);
        return socket;
    }

    @Test
    void manyChunksComeBackCompleteAndInOrder() throws Exception {
        byte[] sent = new byte[3 * 1024 * 1024];
        new SplittableRandom(7).nextBytes(sent);
        try (ByteEchoServer server = new ByteEchoServer();
             DelayRelay relay = DelayRelay.start(server.target(), new DelaySettings(MS, 256 * 1024, 0), line -> { });
             Socket socket = connect(relay)) {
            // Chunks of random sizes in both directions at once; the echo server writes back what it reads,
            // so every byte crosses the relay twice. A small budget makes the back-pressure work too.
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> writeInRandomChunks(socket, sent));
            byte[] got = new byte[sent.length];
            new DataInputStream(socket.getInputStream()).readFully(got);
            writer.get(30, TimeUnit.SECONDS);
            assertArrayEquals(sent, got);
            assertEquals(sent.length, relay.upBytes());
            assertEquals(sent.length, relay.downBytes());
        }
    }

    private static void writeInRandomChunks(Socket socket, byte[] bytes) {
        SplittableRandom random = new SplittableRandom(11);
        try {
            OutputStream out = socket.getOutputStream();
            for (int at = 0; at < bytes.length; ) {
                int n = Math.min(bytes.length - at, 1 + random.nextInt(20_000));
                out.write(bytes, at, n);
                at += n;
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void memoryStaysWithinTheBudgetWhenTheReceiverDoesNotRead() throws Exception {
        int budget = 256 * 1024;
        try (ServerSocket sink = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             DelayRelay relay = DelayRelay.start(new RelayTarget("127.0.0.1", sink.getLocalPort(), null, null),
                 new DelaySettings(0, budget, 0), line -> { });
             Socket socket = connect(relay);
             Socket accepted = sink.accept()) {
            // Nobody reads at the sink: the writer blocks once the kernel buffers and the relay's budget are full.
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> writeInRandomChunks(socket, new byte[64 << 20]));
            Thread.sleep(1_000);
            assertTrue(!writer.isDone(), "64 MiB cannot have gone into an unread connection");
            assertTrue(relay.queuedBytes() <= 2L * budget, "queued " + relay.queuedBytes() + " > 2 x budget");
            accepted.close(); // the writer then fails: a peer closing ends the relayed connection
            assertThrows(Exception.class, () -> writer.get(20, TimeUnit.SECONDS));
        }
    }

    @Test
    void aPingPongTakesTwiceTheDelayPlusLittle() throws Exception {
        for (double delayMs : new double[] {0.1, 1, 10}) {
            long delay = Math.round(delayMs * MS);
            try (RawEchoServer.Running server = echoServer();
                 DelayRelay relay = DelayRelay.start(targetOf(server), delay);
                 Socket socket = connect(relay)) {
                long[] rtts = new long[30];
                for (int i = 0; i < rtts.length; i++) {
                    rtts[i] = pingPong(socket, i);
                }
                Arrays.sort(rtts);
                // Never faster than the two delays; the median at most 2 D + slack (a loaded 2-core machine).
                assertTrue(rtts[0] >= 2 * delay, "fastest " + rtts[0] + " ns < 2 x " + delay);
                long slack = 20 * MS;
                assertTrue(rtts[rtts.length / 2] <= 2 * delay + slack,
                    "median " + rtts[rtts.length / 2] + " ns > 2 x " + delay + " + " + slack);
            }
        }
    }

    @Test
    void aUnixTargetIsReachedOverTcpWithTheDelay(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
        throws Exception {
        java.nio.file.Path socketFile = dir.resolve("echo.sock");
        try (RawEchoServer.Running server = RawEchoServer.start(RawAddress.parse("unix:path=" + socketFile), line -> { });
             DelayRelay relay = DelayRelay.start(RelayTarget.parse("unix:path=" + socketFile), MS);
             Socket socket = connect(relay)) {
            assertEquals("tcp:host=127.0.0.1,port=" + relay.port(), relay.address());
            for (int i = 0; i < 20; i++) {
                assertTrue(pingPong(socket, i) >= 2 * MS, "a round trip through a 1 ms line");
            }
        }
    }

    /** One raw-echo frame (4-byte length + 8 bytes) there and back; returns the round trip in ns. */
    private static long pingPong(Socket socket, long value) throws IOException {
        byte[] frame = java.nio.ByteBuffer.allocate(12).putInt(8).putLong(value).array();
        long start = System.nanoTime();
        socket.getOutputStream().write(frame);
        byte[] back = new byte[12];
        new DataInputStream(socket.getInputStream()).readFully(back);
        long rtt = System.nanoTime() - start;
        assertArrayEquals(frame, back);
        return rtt;
    }

    @Test
    void aHalfCloseTravelsBothWays() throws Exception {
        try (ServerSocket target = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             DelayRelay relay = DelayRelay.start(new RelayTarget("127.0.0.1", target.getLocalPort(), null, null), MS);
             Socket client = connect(relay);
             Socket server = target.accept()) {
            server.setSoTimeout(20_000);
            client.getOutputStream().write("hello".getBytes());
            client.shutdownOutput();
            assertArrayEquals("hello".getBytes(), server.getInputStream().readAllBytes(), "then end of stream");
            server.getOutputStream().write("bye".getBytes());
            server.close(); // the target closing: the client gets the rest, then end of stream
            assertArrayEquals("bye".getBytes(), client.getInputStream().readAllBytes());
            waitFor(() -> relay.openConnections() == 0, "the relayed connection to be closed");
        }
    }

    @Test
    void closingTheRelayEndsItsConnectionsAndItsPort() throws Exception {
        int port;
        Socket client;
        try (RawEchoServer.Running server = echoServer()) {
            DelayRelay relay = DelayRelay.start(targetOf(server), MS);
            port = relay.port();
            client = connect(relay);
            pingPong(client, 1);
            long start = System.nanoTime();
            relay.close();
            assertTrue(System.nanoTime() - start < 5_000 * MS, "close took too long");
            assertEquals(-1, client.getInputStream().read(), "the client sees the connection end");
            assertEquals(0, relay.openConnections());
        }
        client.close();
        assertThrows(ConnectException.class, () -> new Socket(InetAddress.getLoopbackAddress(), port).close());
        waitFor(() -> Thread.getAllStackTraces().keySet().stream()
            .noneMatch(t -> t.getName().startsWith("relay-") && t.isAlive()), "the relay's threads to end");
    }

    @Test
    void anUnreachableTargetClosesTheAcceptedConnection() throws Exception {
        int freePort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            freePort = probe.getLocalPort();
        }
        StringBuilder log = new StringBuilder();
        try (DelayRelay relay = DelayRelay.start(new RelayTarget("127.0.0.1", freePort, null, null), DelaySettings.of(MS),
                 line -> { synchronized (log) { log.append(line); } });
             Socket client = connect(relay)) {
            InputStream in = client.getInputStream();
            assertEquals(-1, in.read());
            synchronized (log) {
                assertTrue(log.toString().contains("cannot reach"), log.toString());
            }
        }
    }

    private static void waitFor(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000 * MS;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
            Thread.sleep(20);
        }
    }
}
