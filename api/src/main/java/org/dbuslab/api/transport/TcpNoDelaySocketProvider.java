package org.dbuslab.api.transport;

import org.freedesktop.dbus.spi.message.IMessageReader;
import org.freedesktop.dbus.spi.message.IMessageWriter;
import org.freedesktop.dbus.spi.message.ISocketProvider;
import org.freedesktop.dbus.spi.message.InputStreamMessageReader;
import org.freedesktop.dbus.spi.message.OutputStreamMessageWriter;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;

/**
 * Turns Nagle's algorithm off on dbus-java's TCP connections, client and server side alike.
 * dbus-java writes one message in many small {@code write()} calls; with Nagle on, every synchronous call over
 * TCP then waits for the peer's delayed ACK (about 40 ms on Linux), which measures a timer, not the transport.
 * Unix sockets are left to dbus-java's own reader and writer (returning null hands them back).
 */
public final class TcpNoDelaySocketProvider implements ISocketProvider {

    @Override
    public IMessageReader createReader(SocketChannel socket) throws IOException {
        return isTcp(socket) ? new InputStreamMessageReader(socket) : null;
    }

    @Override
    public IMessageWriter createWriter(SocketChannel socket) throws IOException {
        if (!isTcp(socket)) {
            return null;
        }
        socket.setOption(StandardSocketOptions.TCP_NODELAY, true);
        return new OutputStreamMessageWriter(socket);
    }

    private static boolean isTcp(SocketChannel socket) {
        return socket.supportedOptions().contains(StandardSocketOptions.TCP_NODELAY);
    }

    @Override
    public void setFileDescriptorSupport(boolean support) {
        // TCP cannot pass file descriptors
    }

    @Override
    public boolean isFileDescriptorPassingSupported() {
        return false;
    }
}
