package org.dbuslab.labio;

import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.EOFException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.dbuslab.labio.EchoCalls.call;
import static org.dbuslab.labio.EchoCalls.payloadOf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The lab's reader and writer over a real unix socket pair: every message arrives whole and in order. */
class LabWireRoundTripTest {

    @TempDir
    Path dir;

    private SocketChannel left;
    private SocketChannel right;

    @BeforeEach
    void connect() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(dir.resolve("s")));
            left = SocketChannel.open(server.getLocalAddress());
            right = server.accept();
        }
    }

    @AfterEach
    void close() throws Exception {
        left.close();
        right.close();
    }

    @Test
    void pipelinedMessagesOfAllSizesArriveWholeAndInOrder() throws Exception {
        CoalescingMessageWriter writer = new CoalescingMessageWriter(left);
        BufferedMessageReader reader = new BufferedMessageReader(right);
        Random random = new Random(7);
        int[] sizes = {0, 1, 7, 1000, 10_000, 16_385, 65_536, 300_000, 3};
        List<byte[]> sent = new ArrayList<>();
        for (int size : sizes) {
            byte[] payload = new byte[size];
            random.nextBytes(payload);
            sent.add(payload);
        }
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            // Write everything from another thread while reading: large messages exceed the socket buffer.
            Future<?> writing = pool.submit(() -> {
                for (byte[] payload : sent) {
                    writer.writeMessage(call(payload));
                }
                return null;
            });
            for (byte[] payload : sent) {
                Message message = reader.readMessage();
                MethodCall call = (MethodCall) message;
                assertEquals("Echo", call.getName());
                assertEquals("/org/dbuslab/Echo", call.getPath());
                assertArrayEquals(payload, payloadOf(call), "payload of " + payload.length + " B");
            }
            writing.get(10, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void interceptedMessagesAreNotReturnedAndEndOfFileIsReported() throws Exception {
        CoalescingMessageWriter writer = new CoalescingMessageWriter(left);
        BufferedMessageReader reader = new BufferedMessageReader(right);
        List<String> lost = new ArrayList<>();
        reader.setInterceptor(new MessageInterceptor() {
            @Override
            public boolean intercept(Message message) {
                return true;
            }

            @Override
            public void connectionLost(java.io.IOException cause) {
                lost.add(cause.getClass().getSimpleName());
            }
        });
        writer.writeMessage(call(new byte[] {1, 2, 3}));
        assertNull(reader.readMessage());
        left.close();
        assertThrows(EOFException.class, reader::readMessage);
        // dbus-java's reader thread on a listening connection reads on after an end of stream: it stays one
        assertThrows(EOFException.class, reader::readMessage);
        assertEquals(List.of("EOFException", "EOFException"), lost);
    }
}
