package org.dbuslab.client.raw;

import org.dbuslab.api.EchoContract;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * The raw protocol: every message is a frame of a 4-byte big-endian length followed by that many payload bytes.
 * The server writes every frame back unchanged (a true echo). The length is capped at the D-Bus array limit, the
 * largest payload the lab uses, so a corrupted length cannot make either side allocate without bound.
 */
final class Frames {

    static final int HEADER_BYTES = Integer.BYTES;
    static final int MAX_PAYLOAD = EchoContract.MAX_PAYLOAD_BYTES;

    private Frames() {
    }

    /** Writes all of {@code buffer} (blocking channel: loops until nothing remains). */
    static void writeFully(WritableByteChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    static void checkLength(int length) throws IOException {
        if (length < 0 || length > MAX_PAYLOAD) {
            throw new ProtocolException("frame length " + (length & 0xffffffffL) + " is outside 0.." + MAX_PAYLOAD);
        }
    }

    /** A frame header announced an impossible length: the byte stream cannot be trusted any more. */
    static final class ProtocolException extends IOException {
        ProtocolException(String message) {
            super(message);
        }
    }

    /**
     * Buffered frame reader over a blocking channel: one read() usually brings a whole reply (or several, when
     * pipelined), instead of one read for the header and one for the payload.
     */
    static final class Reader {

        private final ReadableByteChannel channel;
        private ByteBuffer buffer;

        Reader(ReadableByteChannel channel, int capacity) {
            this.channel = channel;
            this.buffer = ByteBuffer.allocateDirect(Math.max(capacity, 64 * 1024));
            buffer.limit(0); // read mode, nothing buffered
        }

        /** The next frame's payload length. */
        int readLength() throws IOException {
            need(HEADER_BYTES);
            int length = buffer.getInt();
            checkLength(length);
            return length;
        }

        /**
         * The next {@code length} bytes as a view that stays valid until the next call on this reader; a frame
         * larger than the buffer makes it grow.
         */
        ByteBuffer readPayload(int length) throws IOException {
            if (length > buffer.capacity()) {
                ByteBuffer bigger = ByteBuffer.allocateDirect(length);
                bigger.put(buffer).flip();
                buffer = bigger;
            }
            need(length);
            ByteBuffer payload = buffer.slice(buffer.position(), length);
            buffer.position(buffer.position() + length);
            return payload;
        }

        /** Reads until at least {@code n} (at most the capacity) bytes are buffered. */
        private void need(int n) throws IOException {
            if (buffer.remaining() >= n) {
                return;
            }
            buffer.compact();
            while (buffer.position() < n) {
                if (channel.read(buffer) < 0) {
                    buffer.flip();
                    throw new EOFException("connection closed by the peer");
                }
            }
            buffer.flip();
        }
    }
}
