package org.dbuslab.labio;

import jnr.unixsocket.UnixSocketChannel;
import org.freedesktop.dbus.messages.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

import static org.dbuslab.labio.EchoCalls.call;
import static org.dbuslab.labio.EchoCalls.filled;
import static org.dbuslab.labio.EchoCalls.payloadOf;
import static org.dbuslab.labio.EchoCalls.wireBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the reader does with the interceptor's answer for a whole message in its buffer (interceptFrame). */
class FrameInterceptionTest {

    private final SocketChannel reading;
    private final SocketChannel peer;
    private final BufferedMessageReader reader;
    private final List<Integer> offered = new ArrayList<>();

    FrameInterceptionTest() throws IOException {
        UnixSocketChannel[] pair = UnixSocketChannel.pair();
        reading = pair[0];
        peer = pair[1];
        reader = new BufferedMessageReader(reading);
    }

    @AfterEach
    void stop() throws IOException {
        reading.close();
        peer.close();
    }

    private void interceptFrames(boolean take, RuntimeException failure) {
        reader.setInterceptor(new MessageInterceptor() {
            @Override
            public boolean intercept(Message message) {
                return false;
            }

            @Override
            public boolean interceptFrame(ByteBuffer buffer, int start, int length) {
                offered.add(length);
                buffer.position(start + 1).limit(start + 2); // moving them must not lose the message
                if (failure != null) {
                    throw failure;
                }
                return take;
            }
        });
    }

    @Test
    void aDeclinedFrameIsParsedByDbusJava() throws Exception {
        interceptFrames(false, null);
        ByteBuffer wire = wireBytes(call(filled(100, 7)));
        int length = wire.remaining();
        peer.write(wire);

        Message message = reader.readMessage();

        assertEquals(List.of(length), offered);
        assertArrayEquals(filled(100, 7), payloadOf(message));
    }

    @Test
    void aTakenFrameIsSkippedAndTheNextOneRead() throws Exception {
        interceptFrames(true, null);
        peer.write(wireBytes(call(filled(10, 1))));
        peer.write(wireBytes(call(filled(10, 2))));

        assertNull(reader.readMessage());
        assertNull(reader.readMessage());
        assertEquals(2, offered.size());
    }

    @Test
    void anInterceptorThatThrowsEndsTheConnectionWithAnIoError() throws Exception {
        interceptFrames(true, new IllegalStateException("a bug"));
        peer.write(wireBytes(call(filled(10, 1))));

        IOException e = assertThrows(IOException.class, reader::readMessage);
        assertTrue(e.getMessage().contains("a bug"), e.getMessage());
    }
}
