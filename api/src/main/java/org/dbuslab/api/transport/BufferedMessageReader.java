package org.dbuslab.api.transport;

import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.MessageProtocolVersionException;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MessageFactory;
import org.freedesktop.dbus.spi.message.IMessageReader;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Reads messages through a buffer: one {@code read()} usually brings a whole message (or several), where
 * dbus-java's own reader makes at least four reads per message. Parsing is still dbus-java's
 * ({@link MessageFactory#createMessage}). An installed {@link MessageInterceptor} sees each message first; a
 * message it handles is not returned (this returns null, which dbus-java's reader loop simply skips).
 */
final class BufferedMessageReader implements IMessageReader {

    /** Fixed header (12 bytes) plus the length of the header-field array. */
    private static final int PREFIX = 16;
    /**
     * jnr-unixsocket copies through a temporary heap array as large as the space offered to each read, so the
     * space offered per read is capped; a 10 kB message still arrives in one read.
     */
    private static final int READ_WINDOW = 16 * 1024;

    private final SocketChannel channel;
    private ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
    private volatile MessageInterceptor interceptor;

    BufferedMessageReader(SocketChannel channel) {
        this.channel = channel;
        buffer.flip(); // empty, ready for reading
    }

    void setInterceptor(MessageInterceptor interceptor) {
        this.interceptor = interceptor;
    }

    @Override
    public Message readMessage() throws IOException, DBusException {
        try {
            return parseNext();
        } catch (IOException e) {
            MessageInterceptor current = interceptor;
            if (current != null) {
                current.connectionLost(e);
            }
            throw e;
        }
    }

    private Message parseNext() throws IOException, DBusException {
        fill(PREFIX);
        int start = buffer.position();
        byte endian = buffer.get(start);
        byte type = buffer.get(start + 1);
        if (buffer.get(start + 3) > Message.PROTOCOL) {
            throw new MessageProtocolVersionException("Protocol version " + buffer.get(start + 3) + " is unsupported");
        }
        byte[] prefix = new byte[PREFIX];
        buffer.get(start, prefix);
        long bodyLength = Message.demarshallint(prefix, 4, endian, 4);
        long fieldsLength = Message.demarshallint(prefix, 12, endian, 4);
        long paddedFields = (fieldsLength + 7) & ~7L; // the body starts 8-aligned
        long total = PREFIX + paddedFields + bodyLength;
        if (total > Integer.MAX_VALUE - 64) {
            throw new IOException("message of " + total + " bytes is larger than D-Bus allows");
        }
        fill((int) total);
        start = buffer.position(); // filling may have compacted the buffer

        // The array shapes dbus-java's own reader hands to MessageFactory.createMessage.
        byte[] fixed = new byte[12];
        System.arraycopy(prefix, 0, fixed, 0, 12);
        byte[] header = new byte[(int) paddedFields + 8];
        System.arraycopy(prefix, 12, header, 0, 4);
        buffer.get(start + PREFIX, header, 8, (int) paddedFields);
        byte[] body = new byte[(int) bodyLength];
        buffer.get(start + PREFIX + (int) paddedFields, body, 0, body.length);
        buffer.position(start + (int) total);

        Message message = MessageFactory.createMessage(type, fixed, header, body, null);
        MessageInterceptor current = interceptor;
        if (current != null && current.intercept(message)) {
            return null;
        }
        return message;
    }

    /** Makes sure {@code needed} unread bytes are in the buffer, reading (and compacting or growing) as needed. */
    private void fill(int needed) throws IOException {
        if (buffer.remaining() >= needed) {
            return;
        }
        if (buffer.capacity() < needed) {
            ByteBuffer bigger = ByteBuffer.allocate(Math.max(needed, buffer.capacity() * 2));
            bigger.put(buffer);
            buffer = bigger;
        } else {
            buffer.compact();
        }
        // buffer is now in write mode with the unread bytes at its start
        while (buffer.position() < needed) {
            int window = Math.min(buffer.remaining(), Math.max(READ_WINDOW, needed - buffer.position()));
            ByteBuffer slice = buffer.slice(buffer.position(), window);
            int read = channel.read(slice);
            if (read < 0) {
                throw new EOFException("peer closed the connection");
            }
            buffer.position(buffer.position() + read);
        }
        buffer.flip();
    }

    @Override
    public boolean isClosed() {
        return !channel.isOpen();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
