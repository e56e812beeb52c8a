package org.dbuslab.labio;

import jnr.unixsocket.UnixSocketChannel;
import org.freedesktop.dbus.messages.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import static org.dbuslab.labio.EchoCalls.call;
import static org.dbuslab.labio.EchoCalls.payloadOf;
import static org.dbuslab.labio.EchoCalls.wireBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Calling threads reading their own replies, over a real jnr unix socket pair (the channel the buses and p2p-unix
 * connections use): messages reach the interceptor or dbus-java's reader, a deadline ends a wait, and dbus-java's
 * reader stays off the socket while callers read.
 */
class CallingThreadReadTest {

    private static final long TEN_SECONDS = TimeUnit.SECONDS.toNanos(10);

    private final ExecutorService dbusJavaReader = Executors.newSingleThreadExecutor();
    private SocketChannel left;
    private SocketChannel right;

    private void connect() throws Exception {
        UnixSocketChannel[] pair = UnixSocketChannel.pair();
        left = pair[0];
        right = pair[1];
    }

    @AfterEach
    void close() throws Exception {
        dbusJavaReader.shutdownNow();
        if (left != null) {
            left.close();
            right.close();
        }
    }

    @Test
    void callerReadsUntilItsReplyAndLeavesOtherMessagesToDbusJava() throws Exception {
        connect();
        BufferedMessageReader reader = new BufferedMessageReader(right);
        List<Integer> intercepted = new ArrayList<>();
        reader.setInterceptor(message -> {
            int size = payloadOf(message).length;
            if (size == 2) {
                return false; // not ours: dbus-java's
            }
            intercepted.add(size);
            return true;
        });
        reader.readOnCallingThreads(true);
        assertTrue(reader.readsTimeOut(), "a jnr unix socket takes a receive timeout");

        CoalescingMessageWriter writer = new CoalescingMessageWriter(left);
        writer.writeMessage(call(new byte[1]));
        writer.writeMessage(call(new byte[2]));
        writer.writeMessage(call(new byte[3]));
        assertTrue(reader.readUntil(() -> intercepted.contains(3), System.nanoTime() + TEN_SECONDS));
        assertEquals(List.of(1, 3), intercepted);

        Future<Message> forDbusJava = dbusJavaReader.submit(reader::readMessage);
        assertArrayEquals(new byte[2], payloadOf(forDbusJava.get(5, TimeUnit.SECONDS)));
    }

    @Test
    void deadlineEndsTheWaitAndAHalfReadMessageIsKept() throws Exception {
        connect();
        BufferedMessageReader reader = new BufferedMessageReader(right);
        List<byte[]> received = new ArrayList<>();
        reader.setInterceptor(message -> received.add(payloadOf(message)));
        reader.readOnCallingThreads(true);

        long start = System.nanoTime();
        assertTrue(reader.readUntil(() -> !received.isEmpty(), start + TimeUnit.MILLISECONDS.toNanos(150)));
        long waited = System.nanoTime() - start;
        assertTrue(received.isEmpty());
        assertTrue(waited >= TimeUnit.MILLISECONDS.toNanos(150), "waited " + waited / 1_000_000 + " ms"); // not before it

        // Half a message arrives, the deadline passes, then the rest: the message is whole when it is complete.
        byte[] payload = new byte[5000];
        new java.util.Random(3).nextBytes(payload);
        ByteBuffer wire = wireBytes(call(payload));
        int half = wire.remaining() / 2;
        left.write(wire.slice(0, half));
        assertTrue(reader.readUntil(() -> !received.isEmpty(), System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(60)));
        assertTrue(received.isEmpty());
        left.write(wire.slice(half, wire.remaining() - half));
        assertTrue(reader.readUntil(() -> !received.isEmpty(), System.nanoTime() + TEN_SECONDS));
        assertArrayEquals(payload, received.get(0));
    }

    @Test
    void dbusJavaReaderStaysOffTheSocketWhileCallersReadAndTakesOverAfterwards() throws Exception {
        connect();
        BufferedMessageReader reader = new BufferedMessageReader(right);
        List<Integer> intercepted = new ArrayList<>();
        reader.setInterceptor(message -> payloadOf(message).length == 1 && intercepted.add(1));
        reader.readOnCallingThreads(true);
        AtomicReference<Thread> dbusJavaThread = new AtomicReference<>();
        Future<Message> dbusJava = dbusJavaReader.submit(() -> {
            dbusJavaThread.set(Thread.currentThread());
            return reader.readMessage();
        });
        awaitWaitingForTheTurn(dbusJavaThread);

        CoalescingMessageWriter writer = new CoalescingMessageWriter(left);
        writer.writeMessage(call(new byte[1]));
        assertTrue(reader.readUntil(() -> !intercepted.isEmpty(), System.nanoTime() + TEN_SECONDS),
            "the caller got the turn: dbus-java's reader was waiting, not reading");
        assertThrows(TimeoutException.class, () -> dbusJava.get(300, TimeUnit.MILLISECONDS));

        reader.readOnCallingThreads(false);
        writer.writeMessage(call(new byte[4]));
        assertArrayEquals(new byte[4], payloadOf(dbusJava.get(5, TimeUnit.SECONDS)));
    }

    /**
     * Until dbus-java's reader thread waits for the turn (in a timed wait on it). Between taking the turn's lock and
     * that wait it holds the lock for an instant, and a caller's readUntil asking just then gets no turn, as it
     * should; the test must not ask in that instant.
     */
    private static void awaitWaitingForTheTurn(AtomicReference<Thread> thread)
            throws InterruptedException {
        long deadline = System.nanoTime() + TEN_SECONDS;
        while (thread.get() == null || thread.get().getState() != Thread.State.TIMED_WAITING) {
            assertTrue(System.nanoTime() < deadline, "dbus-java's reader never waited for the turn");
            Thread.sleep(1);
        }
    }

    @Test
    void channelsWithoutAReceiveTimeoutSayAndCallersGetNoTurnWhileDbusJavaReads() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("lab-wire");
        try (java.nio.channels.ServerSocketChannel server =
                 java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            server.bind(java.net.UnixDomainSocketAddress.of(dir.resolve("s")));
            left = SocketChannel.open(server.getLocalAddress());
            right = server.accept();
        } finally {
            java.nio.file.Files.deleteIfExists(dir.resolve("s"));
            java.nio.file.Files.delete(dir);
        }
        BufferedMessageReader reader = new BufferedMessageReader(right);
        Future<Message> dbusJava = dbusJavaReader.submit(reader::readMessage);
        Thread.sleep(100); // dbus-java's reader is now blocked in read(), holding the turn
        reader.readOnCallingThreads(true);
        assertFalse(reader.readsTimeOut(), "the JDK's channels take no receive timeout");
        assertFalse(reader.readUntil(() -> false, System.nanoTime() + TEN_SECONDS));

        new CoalescingMessageWriter(left).writeMessage(call(new byte[7]));
        assertArrayEquals(new byte[7], payloadOf(dbusJava.get(5, TimeUnit.SECONDS)));
    }
}
