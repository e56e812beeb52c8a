package org.dbuslab.scale.relay;

import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * One side of a relayed connection, as the delay lines use it: one thread reads, another writes, and the end of
 * stream travels as a half-close. A TCP socket (the accepted client, a TCP target) or a unix socket channel (a unix
 * target: the bridge, which the lab runs on a unix socket as sshd runs it on a pipe, with no Nagle of its own).
 */
interface Endpoint extends AutoCloseable {

    /** Up to BUFFER's length bytes, or -1 at the end of stream. */
    int read(byte[] buffer) throws IOException;

    void write(byte[] bytes) throws IOException;

    void shutdownOutput() throws IOException;

    @Override
    void close() throws IOException;

    static Endpoint of(Socket socket) throws IOException {
        var in = socket.getInputStream();
        var out = socket.getOutputStream();
        return new Endpoint() {
            public int read(byte[] buffer) throws IOException {
                return in.read(buffer);
            }

            public void write(byte[] bytes) throws IOException {
                out.write(bytes);
            }

            public void shutdownOutput() throws IOException {
                socket.shutdownOutput();
            }

            public void close() throws IOException {
                socket.close();
            }
        };
    }

    /**
     * A blocking channel, read and written directly (a channel takes one reader and one writer at once; its stream
     * adapters would serialise them on one lock).
     */
    static Endpoint of(SocketChannel channel) {
        return new Endpoint() {
            public int read(byte[] buffer) throws IOException {
                return channel.read(ByteBuffer.wrap(buffer));
            }

            public void write(byte[] bytes) throws IOException {
                ByteBuffer b = ByteBuffer.wrap(bytes);
                while (b.hasRemaining()) {
                    channel.write(b);
                }
            }

            public void shutdownOutput() throws IOException {
                channel.shutdownOutput();
            }

            public void close() throws IOException {
                channel.close();
            }
        };
    }
}
