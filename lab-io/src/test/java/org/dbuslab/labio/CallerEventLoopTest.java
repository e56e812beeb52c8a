package org.dbuslab.labio;

import jnr.unixsocket.UnixSocketChannel;
import org.freedesktop.dbus.messages.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.dbuslab.labio.EchoCalls.call;
import static org.dbuslab.labio.EchoCalls.filled;
import static org.dbuslab.labio.EchoCalls.readPayloads;
import static org.dbuslab.labio.EchoCalls.payloadOf;
import static org.dbuslab.labio.EchoCalls.wireBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The caller's event loop (queued, non-blocking sends and {@code serviceUntil}) over a real jnr unix socket pair:
 * queuing never blocks, even with far more queued than the socket holds; everything queued arrives whole and in
 * order, also behind a blocking write; replies read meanwhile are dispatched; a deadline ends the wait; a peer that
 * goes away fails it; and a peer that answers everything before it reads on (as the lab's server does) cannot
 * deadlock it.
 */
class CallerEventLoopTest {

    private static final int LARGE = 100_000;
    private static final Duration GENEROUS = Duration.ofSeconds(20);

    private final ExecutorService peerThread = Executors.newSingleThreadExecutor();
    private final SocketChannel looping;
    private final SocketChannel peer;
    private final BufferedMessageReader reader;
    private final CoalescingMessageWriter writer;
    private final List<Message> received = new CopyOnWriteArrayList<>();
    private final List<IOException> lost = new CopyOnWriteArrayList<>();

    CallerEventLoopTest() throws IOException {
        UnixSocketChannel[] pair = UnixSocketChannel.pair();
        looping = pair[0];
        peer = pair[1];
        reader = new BufferedMessageReader(looping);
        writer = new CoalescingMessageWriter(looping);
        reader.readOnCallingThreads(true);
        reader.setInterceptor(new MessageInterceptor() {
            @Override
            public boolean intercept(Message message) {
                received.add(message);
                return true;
            }

            @Override
            public void connectionLost(IOException cause) {
                lost.add(cause);
            }
        });
    }

    @AfterEach
    void stop() throws IOException {
        peerThread.shutdownNow();
        looping.close();
        peer.close();
    }

    @Test
    void queuingNeverBlocksAndEverythingArrivesInOrder() throws Exception {
        int calls = 64; // 6.4 MB: many times what the socket holds
        assertTimeoutPreemptively(GENEROUS, () -> {
            for (int i = 0; i < calls; i++) {
                writer.queue(call(filled(LARGE, i)));
            }
        }, "queue() blocked while nobody read");
        assertTrue(writer.pending(), "most of it waits in the queue");
        assertTrue(writer.queuedBytes() > 4 * LARGE, "queued: " + writer.queuedBytes());

        Future<List<byte[]>> arrived = peerThread.submit(() -> readPayloads(peer, calls));
        assertTimeoutPreemptively(GENEROUS,
            () -> assertTrue(reader.serviceUntil(() -> !writer.pending(), deadlineIn(GENEROUS), writer)));
        List<byte[]> payloads = arrived.get(GENEROUS.toSeconds(), TimeUnit.SECONDS);
        for (int i = 0; i < calls; i++) {
            assertArrayEquals(filled(LARGE, i), payloads.get(i), "call " + i);
        }
        assertEquals(0, writer.queuedBytes());
    }

    @Test
    void flushingOnWaitSendsNothingUntilTheLoopWaitsThenAllInOneGo() throws Exception {
        CoalescingMessageWriter deferring;
        System.setProperty("dbuslab.flushOnWait", "true");
        try {
            deferring = new CoalescingMessageWriter(looping);
        } finally {
            System.clearProperty("dbuslab.flushOnWait");
        }
        for (int i = 0; i < 3; i++) {
            deferring.queue(call(filled(1000, i)));
        }
        assertTrue(deferring.pending(), "queued, not sent");
        peer.configureBlocking(false);
        assertEquals(0, peer.read(ByteBuffer.allocate(1)), "nothing reached the peer before the loop waited");
        peer.configureBlocking(true);
        Future<List<byte[]>> arrived = peerThread.submit(() -> readPayloads(peer, 3));
        assertTimeoutPreemptively(GENEROUS,
            () -> assertTrue(reader.serviceUntil(() -> !deferring.pending(), deadlineIn(GENEROUS), deferring)));
        List<byte[]> payloads = arrived.get(GENEROUS.toSeconds(), TimeUnit.SECONDS);
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(filled(1000, i), payloads.get(i), "call " + i);
        }
    }

    @Test
    void byDefaultAQueuedCallIsSentAtOnce() throws Exception {
        writer.queue(call(filled(1000, 7)));
        assertFalse(writer.pending(), "the socket took it in queue()");
        assertArrayEquals(filled(1000, 7), peerThread.submit(() -> readPayloads(peer, 1)).get(GENEROUS.toSeconds(),
            TimeUnit.SECONDS).get(0));
    }

    @Test
    void whileABlockingWriteWaitsTheLoopGoesOnReading() throws Exception {
        for (int i = 0; i < 8; i++) {
            writer.queue(call(filled(LARGE, i))); // far more than the socket holds: the rest stays queued
        }
        ExecutorService blockingWriter = Executors.newSingleThreadExecutor();
        try {
            Future<?> blocked = blockingWriter.submit(() -> {
                writer.writeMessage(call(filled(10, 8))); // sends the queue first, and blocks: nobody reads yet
                return null;
            });
            Thread.sleep(200);
            assertFalse(blocked.isDone(), "the blocking write waits for the peer");
            peer.write(wireBytes(call(filled(1000, 42))));
            assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> assertTrue(reader.serviceUntil(() -> received.size() == 1, deadlineIn(GENEROUS), writer)),
                "the loop must not wait for the blocked writer's lock");
            assertArrayEquals(filled(1000, 42), payloadOf(received.get(0)));
            Future<List<byte[]>> arrived = peerThread.submit(() -> readPayloads(peer, 9));
            blocked.get(GENEROUS.toSeconds(), TimeUnit.SECONDS);
            assertArrayEquals(filled(10, 8), arrived.get(GENEROUS.toSeconds(), TimeUnit.SECONDS).get(8));
        } finally {
            blockingWriter.shutdownNow();
        }
    }

    @Test
    void aBlockingWriteSendsTheQueueFirst() throws Exception {
        for (int i = 0; i < 8; i++) {
            writer.queue(call(filled(LARGE, i)));
        }
        assertTrue(writer.pending());
        Future<List<byte[]>> arrived = peerThread.submit(() -> readPayloads(peer, 9));
        assertTimeoutPreemptively(GENEROUS, () -> writer.writeMessage(call(filled(10, 8))));
        List<byte[]> payloads = arrived.get(GENEROUS.toSeconds(), TimeUnit.SECONDS);
        for (int i = 0; i < 8; i++) {
            assertArrayEquals(filled(LARGE, i), payloads.get(i), "queued call " + i);
        }
        assertArrayEquals(filled(10, 8), payloads.get(8), "the blocking write came last");
        assertFalse(writer.pending());
    }

    @Test
    void messagesThatCameAreDispatchedUntilDone() throws Exception {
        ByteBuffer three = ByteBuffer.allocate(64 * 1024);
        for (int i = 0; i < 3; i++) {
            three.put(wireBytes(call(filled(1000, i))));
        }
        three.flip();
        int cut = three.remaining() - 100; // the third arrives in two pieces
        peer.write(three.slice(0, cut));
        peerThread.submit(() -> {
            Thread.sleep(100);
            return peer.write(three.slice(cut, three.remaining() - cut));
        });
        assertTimeoutPreemptively(GENEROUS,
            () -> assertTrue(reader.serviceUntil(() -> received.size() == 3, deadlineIn(GENEROUS), writer)));
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(filled(1000, i), payloadOf(received.get(i)), "message " + i);
        }
    }

    @Test
    void theDeadlineEndsTheWait() throws Exception {
        long start = System.nanoTime();
        assertTimeoutPreemptively(GENEROUS,
            () -> assertTrue(reader.serviceUntil(() -> false, start + TimeUnit.MILLISECONDS.toNanos(150), writer)));
        long waited = System.nanoTime() - start;
        // never before the deadline; how long after it is the scheduler's business (a hang fails at GENEROUS)
        assertTrue(waited >= TimeUnit.MILLISECONDS.toNanos(150), "returned after " + waited + " ns");
        assertTrue(received.isEmpty());
    }

    @Test
    void aPeerThatGoesAwayFailsTheLoop() throws Exception {
        peer.close();
        IOException failure = assertThrows(IOException.class,
            () -> reader.serviceUntil(() -> false, deadlineIn(GENEROUS), writer));
        assertEquals(List.of(failure), lost, "the interceptor heard of it");
    }

    @Test
    void aPeerThatAnswersBeforeItReadsOnCannotDeadlockIt() throws Exception {
        int calls = 200; // 20 MB each way; blocking writes on both sides would stop once both sockets are full
        peerThread.submit(this::echoEverything);
        assertTimeoutPreemptively(GENEROUS, () -> {
            for (int i = 0; i < calls; i++) {
                writer.queue(call(filled(LARGE, i)));
                int sent = i + 1;
                assertTrue(reader.serviceUntil(() -> received.size() >= sent - 16, deadlineIn(GENEROUS), writer));
            }
            assertTrue(reader.serviceUntil(() -> received.size() == calls, deadlineIn(GENEROUS), writer));
        });
        for (int i = 0; i < calls; i++) {
            assertArrayEquals(filled(LARGE, i), payloadOf(received.get(i)), "echo " + i);
        }
        assertTrue(lost.isEmpty());
    }

    /** Reads whole messages from the peer's side, with the lab's own reader. */

    /** Writes back every byte it reads, with blocking writes, before it reads on. */
    private Void echoEverything() throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
        while (peer.read(chunk.clear()) >= 0) {
            chunk.flip();
            while (chunk.hasRemaining()) {
                peer.write(chunk);
            }
        }
        return null;
    }

    private static long deadlineIn(Duration duration) {
        return System.nanoTime() + duration.toNanos();
    }
}
