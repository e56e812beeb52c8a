package org.dbuslab.labio;

import jnr.unixsocket.UnixSocketChannel;
import org.dbuslab.labio.frame.MethodReturnTemplate;
import org.dbuslab.labio.frame.WireFrame;
import org.freedesktop.dbus.messages.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
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
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Replies an interceptor holds (LabWire.hold) over a real jnr unix socket pair: none leaves while the reader still has
 * whole calls buffered; all leave, in order, before the reader waits for more; a blocking write sends them first.
 */
class HeldRepliesTest {

    private static final Duration GENEROUS = Duration.ofSeconds(20);

    private final ExecutorService background = Executors.newFixedThreadPool(2);
    private final SocketChannel server;
    private final SocketChannel client;
    private final BufferedMessageReader reader;
    private final CoalescingMessageWriter writer;
    private final MethodReturnTemplate echo = new MethodReturnTemplate(null, true);

    HeldRepliesTest() throws IOException {
        UnixSocketChannel[] pair = UnixSocketChannel.pair();
        server = pair[0];
        client = pair[1];
        reader = new BufferedMessageReader(server);
        writer = new CoalescingMessageWriter(server);
        reader.attach(writer);
        WireFrame frame = new WireFrame();
        reader.setInterceptor(new MessageInterceptor() {
            @Override
            public boolean intercept(Message message) {
                return false;
            }

            @Override
            public boolean interceptFrame(ByteBuffer buffer, int start, int length) {
                if (!frame.read(buffer, start, length)) {
                    return false;
                }
                try {
                    writer.hold(echo.echo(0x8000_0000L + frame.serial(), frame));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                return true;
            }
        });
    }

    @AfterEach
    void stop() throws IOException {
        background.shutdownNow();
        server.close();
        client.close();
    }

    @Test
    void repliesToOneReadLeaveTogetherBeforeTheReaderWaitsAgain() throws Exception {
        ByteBuffer calls = ByteBuffer.allocate(64 * 1024);
        for (int i = 0; i < 3; i++) {
            calls.put(wireBytes(call(filled(1000, i))));
        }
        client.write(calls.flip()); // one write: one read takes all three

        for (int i = 0; i < 3; i++) {
            assertNull(reader.readMessage(), "taken by the interceptor");
        }
        assertEquals(3 * echoLength(1000), writer.queuedBytes(), "all three held, none sent");
        client.configureBlocking(false);
        assertEquals(0, client.read(ByteBuffer.allocate(16)), "nothing has reached the caller yet");
        client.configureBlocking(true);

        background.submit(reader::readMessage); // sends the held replies, then waits for a call that never comes
        List<byte[]> replies = background.submit(() -> readPayloads(client, 3)).get(GENEROUS.toSeconds(), TimeUnit.SECONDS);
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(filled(1000, i), replies.get(i), "reply " + i + ", in order");
        }
        assertEquals(0, writer.queuedBytes());
    }

    @Test
    void aBlockingWriteSendsWhatWasHeldFirst() throws Exception {
        client.write(wireBytes(call(filled(10, 1))));
        assertNull(reader.readMessage());
        writer.writeMessage(call(filled(10, 2)));

        List<byte[]> arrived = background.submit(() -> readPayloads(client, 2)).get(GENEROUS.toSeconds(), TimeUnit.SECONDS);
        assertArrayEquals(filled(10, 1), arrived.get(0), "the held reply");
        assertArrayEquals(filled(10, 2), arrived.get(1), "then the written message");
    }

    private static int echoLength(int payload) {
        return new MethodReturnTemplate(null, true).reply(1, 1, new byte[payload]).length();
    }
}
