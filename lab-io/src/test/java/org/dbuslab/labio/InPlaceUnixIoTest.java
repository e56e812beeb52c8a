package org.dbuslab.labio;

import jnr.unixsocket.UnixSocketChannel;
import jnr.unixsocket.UnixSocketOptions;
import org.freedesktop.dbus.messages.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.util.Random;

import static org.dbuslab.labio.EchoCalls.call;
import static org.dbuslab.labio.EchoCalls.payloadOf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lab's blocking reads and writes on a unix socket go through libc in place ({@link NativeSocket#receive},
 * {@link NativeSocket#send}) instead of jnr-unixsocket's, which copy through a fresh heap buffer as large as the space
 * offered: over a real jnr socket pair, bytes arrive whole and in order, a receive timeout reads nothing, the end of the
 * stream and a broken connection are told apart, and a message read by the lab's reader no longer costs a buffer
 * of the reader's size in garbage.
 */
class InPlaceUnixIoTest {

    private final UnixSocketChannel peer;
    private final UnixSocketChannel local;

    InPlaceUnixIoTest() throws IOException {
        UnixSocketChannel[] pair = UnixSocketChannel.pair();
        peer = pair[0];
        local = pair[1];
    }

    @AfterEach
    void close() throws IOException {
        peer.close();
        local.close();
    }

    @Test
    void sentBytesArriveWholeAndInOrder() throws IOException {
        NativeSocket sender = NativeSocket.forUnixChannel(local).orElseThrow();
        NativeSocket receiver = NativeSocket.forUnixChannel(peer).orElseThrow();
        byte[] bytes = new byte[10_000];
        new Random(7).nextBytes(bytes);
        ByteBuffer out = ByteBuffer.allocateDirect(bytes.length + 3);
        out.position(3); // from the position, not the buffer's start
        out.put(bytes).position(3);
        while (out.hasRemaining()) {
            sender.send(out);
        }
        ByteBuffer in = ByteBuffer.allocateDirect(bytes.length + 5);
        in.position(5);
        while (in.hasRemaining()) {
            assertTrue(receiver.receive(in) > 0);
        }
        byte[] got = new byte[bytes.length];
        in.position(5);
        in.get(got);
        assertArrayEquals(bytes, got);
    }

    @Test
    void aReceiveTimeoutReadsNothingAndEndOfStreamIsMinusOne() throws IOException {
        local.setOption(UnixSocketOptions.SO_RCVTIMEO, 50);
        NativeSocket receiver = NativeSocket.forUnixChannel(local).orElseThrow();
        ByteBuffer in = ByteBuffer.allocateDirect(16);
        assertEquals(0, receiver.receive(in), "SO_RCVTIMEO passed with nothing sent");
        peer.close();
        assertEquals(-1, receiver.receive(in), "the peer closed its end");
        assertEquals(0, in.position());
    }

    @Test
    void aSendToAClosedPeerFailsWithTheSystemsReason() throws IOException {
        NativeSocket sender = NativeSocket.forUnixChannel(local).orElseThrow();
        peer.close();
        ByteBuffer out = ByteBuffer.allocateDirect(1000);
        IOException e = assertThrows(IOException.class, () -> {
            while (true) {
                sender.send(out.clear());
            }
        });
        assertTrue(e.getMessage().startsWith("Broken pipe"), e.getMessage());
    }

    @Test
    void nothingIsReadOrWrittenOnceTheChannelIsClosed() throws IOException {
        NativeSocket socket = NativeSocket.forUnixChannel(local).orElseThrow();
        local.close();
        assertThrows(ClosedChannelException.class, () -> socket.receive(ByteBuffer.allocateDirect(8)));
        assertThrows(ClosedChannelException.class, () -> socket.send(ByteBuffer.allocateDirect(8)));
    }

    @Test
    void heapBuffersAreRefused() {
        NativeSocket socket = NativeSocket.forUnixChannel(local).orElseThrow();
        assertThrows(IllegalArgumentException.class, () -> socket.receive(ByteBuffer.allocate(8)));
        assertThrows(IllegalArgumentException.class, () -> socket.send(ByteBuffer.allocate(8)));
    }

    /** The defect this replaced: jnr's read allocated the whole space it offered (16 kB) per read, as garbage. */
    @Test
    void readingAMessageNoLongerAllocatesTheReadersBuffer() throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        BufferedMessageReader reader = new BufferedMessageReader(local);
        CoalescingMessageWriter writer = new CoalescingMessageWriter(peer);
        byte[] payload = new byte[1000];
        for (int i = 0; i < 200; i++) { // past class loading and first-call costs
            writer.writeMessage(call(payload));
            reader.readMessage();
        }
        int messages = 1000;
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < messages; i++) {
            writer.writeMessage(call(payload));
            Message read = reader.readMessage();
            assertArrayEquals(payload, payloadOf(read));
        }
        long perMessage = (threads.getCurrentThreadAllocatedBytes() - before) / messages;
        // dbus-java's own objects for a 1000 B call are a few kB; the 64 kB reader buffer is never copied per read
        assertTrue(perMessage < 64 * 1024 / 4, perMessage + " bytes allocated per message");
    }
}
