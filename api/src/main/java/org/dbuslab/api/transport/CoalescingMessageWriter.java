package org.dbuslab.api.transport;

import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.spi.message.IMessageWriter;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Writes each message with as few {@code write()} calls as the kernel allows (one, normally). dbus-java's own
 * writer issues one {@code write()} per wire-data chunk, about 33 per message (REFERENCE §6), which costs system
 * calls here and wake-ups in the bus. Synchronized: dbus-java's sender thread and lab code may both write.
 */
final class CoalescingMessageWriter implements IMessageWriter {

    private final SocketChannel channel;
    private ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);

    CoalescingMessageWriter(SocketChannel channel) {
        this.channel = channel;
    }

    @Override
    public synchronized void writeMessage(Message message) throws IOException {
        if (message == null || message.getWireData() == null) {
            return;
        }
        byte[][] chunks = message.getWireData();
        int total = 0;
        for (byte[] chunk : chunks) {
            if (chunk == null) {
                break; // dbus-java ends its chunk list with null
            }
            total += chunk.length;
        }
        if (buffer.capacity() < total) {
            buffer = ByteBuffer.allocate(Math.max(total, buffer.capacity() * 2));
        }
        buffer.clear();
        for (byte[] chunk : chunks) {
            if (chunk == null) {
                break;
            }
            buffer.put(chunk);
        }
        buffer.flip();
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
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
