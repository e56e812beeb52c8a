package org.dbuslab.server.peer;

import org.freedesktop.dbus.connections.BusAddress;
import org.freedesktop.dbus.connections.config.TransportConfig;
import org.junit.jupiter.api.Test;

import java.nio.channels.SocketChannel;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

class AcceptedChannelTransportTest {

    /**
     * The handshake timer may close a peer's channel before its session thread builds the transport. The build then
     * threw, and dbus-java logged the exception with its stack (PeerFaultsIT saw it once in a full verify); now SASL
     * fails next, as the timeout it is, in the server's one line.
     */
    @Test
    void aChannelTheHandshakeTimerClosedStillMakesATransport() throws Exception {
        SocketChannel closed = SocketChannel.open();
        closed.close();
        BusAddress address = BusAddress.of("unix:path=/nonexistent/lab.sock");
        assertDoesNotThrow(() -> new AcceptedChannelTransport(address, new TransportConfig(), closed).close());
    }
}
