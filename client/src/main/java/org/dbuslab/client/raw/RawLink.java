package org.dbuslab.client.raw;

import org.dbuslab.client.io.Watchdog;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/** One client connection to the raw echo server: a blocking channel, a buffered frame reader, a frame writer. */
final class RawLink implements AutoCloseable {

    private final SocketChannel channel;
    private final Frames.Reader reader;
    private ByteBuffer out;

    private RawLink(SocketChannel channel, int payloadBytes) {
        this.channel = channel;
        this.reader = new Frames.Reader(channel, Frames.HEADER_BYTES + payloadBytes);
        this.out = ByteBuffer.allocateDirect(Frames.HEADER_BYTES + payloadBytes);
    }

    /** Connects within {@code timeoutNanos} (the watchdog closes a connect that hangs). */
    static RawLink connect(RawAddress address, int payloadBytes, Watchdog watchdog, long timeoutNanos) throws IOException {
        SocketChannel channel = address.openClient();
        try {
            watchdog.arm(channel, timeoutNanos);
            try {
                channel.connect(address.socketAddress());
            } finally {
                watchdog.disarm();
            }
            if (!address.isUnix()) {
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            }
            return new RawLink(channel, payloadBytes);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    SocketChannel channel() {
        return channel;
    }

    boolean isOpen() {
        return channel.isOpen();
    }

    /** Writes one frame (header and payload in one buffer, so usually one write()). Only one writer at a time. */
    void write(byte[] payload) throws IOException {
        int size = Frames.HEADER_BYTES + payload.length;
        if (out.capacity() < size) {
            out = ByteBuffer.allocateDirect(size);
        }
        out.clear();
        out.putInt(payload.length).put(payload).flip();
        Frames.writeFully(channel, out);
    }

    /** The next reply's payload, valid until the next read. */
    ByteBuffer read() throws IOException {
        return reader.readPayload(reader.readLength());
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing left to do with it
        }
    }
}
