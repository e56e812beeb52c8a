package org.dbuslab.labio;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.NotYetConnectedException;
import java.nio.channels.SocketChannel;

/**
 * Ends a connection's socket both ways without closing it: a read or write blocked on it fails at once (end of
 * stream, broken pipe), while the channel stays open. dbus-java counts a connection whose socket is closed as
 * disconnected, so its disconnect() then returns at once without stopping the connection's reader thread, which
 * spins on a core for the rest of the JVM's life (dbus-java 5.2.2, AbstractConnectionBase.internalDisconnect).
 * Shut down instead, disconnect() runs whole and closes the socket itself.
 */
public final class SocketShutdown {

    private SocketShutdown() {
    }

    public static void bothWays(SocketChannel channel) throws IOException {
        try {
            channel.shutdownInput();
            channel.shutdownOutput();
        } catch (ClosedChannelException | NotYetConnectedException e) {
            // already closed, or never connected: nothing is blocked on it
        }
    }
}
