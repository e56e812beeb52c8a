package org.dbuslab.labio;

import jnr.unixsocket.UnixSocketChannel;
import org.freedesktop.dbus.messages.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.dbuslab.labio.EchoCalls.call;
import static org.dbuslab.labio.EchoCalls.payloadOf;
import static org.dbuslab.labio.EchoCalls.wireBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * dbus-java's reader thread waiting in poll(POLLIN) before it reads, over a real jnr unix socket pair: the wait
 * ends when data comes and not before, messages split across reads or larger than one read arrive whole, and a
 * socket closed under the waiting reader ends its wait.
 */
class ReaderPollTest {

    private final ExecutorService dbusJavaReader = Executors.newSingleThreadExecutor();
    private final SocketChannel peer;
    private final SocketChannel reading;

    ReaderPollTest() throws IOException {
        UnixSocketChannel[] pair = UnixSocketChannel.pair();
        peer = pair[0];
        reading = pair[1];
    }

    @AfterEach
    void stop() throws IOException {
        dbusJavaReader.shutdownNow();
        peer.close();
        reading.close();
    }

    @Test
    void waitEndsWhenDataComesAndNotBefore() throws Exception {
        NativeSocket wait = NativeSocket.forChannel(reading).orElseThrow();
        long start = System.nanoTime();
        assertFalse(wait.awaitReadable(100), "no data yet");
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(90), "the timeout was waited out");

        peer.write(ByteBuffer.wrap(new byte[] {1}));
        assertTrue(wait.awaitReadable(5000));
    }

    @Test
    void onlyUnixChannelsAreWaitedOn() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            try (SocketChannel tcp = SocketChannel.open(server.getLocalAddress())) {
                assertTrue(NativeSocket.forUnixChannel(tcp).isEmpty(), "the JDK's TCP channel reads as before");
            }
        }
    }

    @Test
    void messagesInPiecesAndLargerThanOneReadArriveWhole() throws Exception {
        BufferedMessageReader reader = new BufferedMessageReader(reading);
        reader.pollBeforeReaderReads(true);
        byte[] small = new byte[1000];
        byte[] large = new byte[200_000]; // several reads' worth: the reads after a full one skip the wait
        Random random = new Random(5);
        random.nextBytes(small);
        random.nextBytes(large);

        Future<Message> first = dbusJavaReader.submit(reader::readMessage);
        ByteBuffer wire = wireBytes(call(small));
        int half = wire.remaining() / 2;
        peer.write(wire.slice(0, half));
        assertThrows(TimeoutException.class, () -> first.get(200, TimeUnit.MILLISECONDS), "half a message");
        peer.write(wire.slice(half, wire.remaining() - half));
        assertArrayEquals(small, payloadOf(first.get(5, TimeUnit.SECONDS)));

        Future<Message> second = dbusJavaReader.submit(reader::readMessage);
        ByteBuffer big = wireBytes(call(large));
        while (big.hasRemaining()) {
            peer.write(big);
        }
        assertArrayEquals(large, payloadOf(second.get(5, TimeUnit.SECONDS)));
    }

    @Test
    void closingTheSocketEndsTheWait() throws Exception {
        BufferedMessageReader reader = new BufferedMessageReader(reading);
        reader.pollBeforeReaderReads(true);
        Future<Message> waiting = dbusJavaReader.submit(reader::readMessage);
        Thread.sleep(100); // now waiting in poll()
        reading.close();
        ExecutionException failure = assertThrows(ExecutionException.class, () -> waiting.get(5, TimeUnit.SECONDS));
        assertInstanceOf(IOException.class, failure.getCause());
    }
}
