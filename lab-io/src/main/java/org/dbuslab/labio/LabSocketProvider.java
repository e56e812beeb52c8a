package org.dbuslab.labio;

import org.freedesktop.dbus.spi.message.IMessageReader;
import org.freedesktop.dbus.spi.message.IMessageWriter;
import org.freedesktop.dbus.spi.message.ISocketProvider;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;

/**
 * dbus-java finds this through META-INF/services and asks it for every connection's message reader and writer
 * (connecting, authentication and the socket stay dbus-java's). It supplies a buffered reader and a coalescing
 * writer, and turns Nagle's algorithm off on TCP: with Nagle on, a synchronous call over TCP would wait for the
 * peer's delayed ACK (about 40 ms on Linux) and measure a timer, not the transport.
 * Setting the system property {@code dbuslab.io=dbus-java} hands reading and writing back to dbus-java's own
 * classes (TCP_NODELAY stays), to measure what this provider changes.
 */
public final class LabSocketProvider implements ISocketProvider {

    /** System property that selects the I/O path: {@code lab} (default) or {@code dbus-java}. */
    public static final String IO_PROPERTY = "dbuslab.io";

    @Override
    public IMessageReader createReader(SocketChannel socket) throws IOException {
        if (socket.supportedOptions().contains(StandardSocketOptions.TCP_NODELAY)) {
            socket.setOption(StandardSocketOptions.TCP_NODELAY, true);
        }
        if (!labIo()) {
            return new org.freedesktop.dbus.spi.message.InputStreamMessageReader(socket);
        }
        BufferedMessageReader reader = new BufferedMessageReader(socket);
        new LabWire(reader);
        return reader;
    }

    @Override
    public IMessageWriter createWriter(SocketChannel socket) throws IOException {
        if (!labIo()) {
            return new org.freedesktop.dbus.spi.message.OutputStreamMessageWriter(socket);
        }
        CoalescingMessageWriter writer = new CoalescingMessageWriter(socket);
        LabWire.peekCreatedOnThisThread().ifPresent(wire -> wire.attach(writer));
        return writer;
    }

    /** True unless the user asked for dbus-java's own reader and writer. */
    public static boolean labIo() {
        return !"dbus-java".equals(System.getProperty(IO_PROPERTY, "lab"));
    }

    @Override
    public void setFileDescriptorSupport(boolean support) {
        // the lab passes no file descriptors
    }

    @Override
    public boolean isFileDescriptorPassingSupported() {
        return false;
    }
}
