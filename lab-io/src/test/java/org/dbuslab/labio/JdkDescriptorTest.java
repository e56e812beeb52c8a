package org.dbuslab.labio;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The descriptor of one of the JDK's TCP channels, reachable because the tests (like the lab's jars) export
 * {@code sun.nio.ch}: poll() and a non-blocking send on it act on the very connection the channel holds.
 */
class JdkDescriptorTest {

    @Test
    void pollAndSendWorkOnTheChannelsOwnConnection() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            try (SocketChannel tcp = SocketChannel.open(server.getLocalAddress());
                 SocketChannel accepted = server.accept()) {
                NativeSocket socket = NativeSocket.forChannel(tcp)
                    .orElseThrow(() -> new AssertionError("no descriptor: is sun.nio.ch exported to the tests?"));
                assertEquals(0, socket.poll(NativeSocket.POLLIN, 50), "nothing to read yet");
                assertTrue((socket.poll(NativeSocket.POLLOUT, 1000) & NativeSocket.POLLOUT) != 0, "writable");

                ByteBuffer hello = ByteBuffer.allocateDirect(5).put(new byte[] {1, 2, 3, 4, 5}).flip();
                assertEquals(5, socket.sendNow(hello));
                ByteBuffer got = ByteBuffer.allocate(5);
                while (got.hasRemaining()) {
                    accepted.read(got);
                }
                assertArrayEquals(new byte[] {1, 2, 3, 4, 5}, got.array());

                accepted.write(ByteBuffer.wrap(new byte[] {9}));
                assertTrue((socket.poll(NativeSocket.POLLIN, 5000) & NativeSocket.POLLIN) != 0, "readable");
            }
        }
    }
}
