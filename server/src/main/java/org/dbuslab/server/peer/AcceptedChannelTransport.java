package org.dbuslab.server.peer;

import jdk.net.ExtendedSocketOptions;
import org.freedesktop.dbus.connections.BusAddress;
import org.freedesktop.dbus.connections.SASL;
import org.freedesktop.dbus.connections.config.TransportConfig;
import org.freedesktop.dbus.connections.transports.AbstractUnixTransport;

import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;

/**
 * A server-side dbus-java transport over a socket the lab already accepted. dbus-java still does the SASL
 * handshake, the message reading and writing; only accepting is ours, so one listening socket serves many peers.
 * Extends the unix transport so SASL EXTERNAL can ask for the peer's uid; TCP peers authenticate with
 * DBUS_COOKIE_SHA1 or ANONYMOUS instead.
 */
final class AcceptedChannelTransport extends AbstractUnixTransport {

    private final SocketChannel channel;
    private final boolean unix;

    AcceptedChannelTransport(BusAddress address, TransportConfig config, SocketChannel channel) throws IOException {
        super(address, config);
        this.channel = channel;
        this.unix = unix(channel, address);
        // dbus-java leaves the server's mechanism list empty unless the transport sets it.
        getSaslConfig().setAuthMode(unix ? SASL.AUTH_EXTERNAL : SASL.AUTH_SHA + SASL.AUTH_ANON);
        // The super constructor asked hasFileDescriptorSupport() before this object knew its channel.
        getSaslConfig().setFileDescriptorSupport(unix);
    }

    /**
     * Whether the peer came through a unix socket. The handshake timer may have closed the channel already (a busy
     * machine, a short --handshake-timeout): then the listening address says, and SASL fails next as a timeout,
     * in one line, instead of dbus-java logging this constructor's exception with its stack.
     */
    private static boolean unix(SocketChannel channel, BusAddress address) throws IOException {
        try {
            return channel.getLocalAddress() instanceof UnixDomainSocketAddress;
        } catch (java.nio.channels.ClosedChannelException e) {
            return address.isBusType("UNIX");
        }
    }

    @Override
    protected boolean hasFileDescriptorSupport() {
        // The echo contract passes no file descriptors, but a unix server must agree to NEGOTIATE_UNIX_FD: when it
        // refuses, dbus-java 5.1.1 answers a bare "ERROR" that its own client cannot parse, and the handshake fails.
        return unix;
    }

    @Override
    protected SocketChannel connectImpl() throws IOException {
        throw new IOException("an accepted channel cannot connect");
    }

    @Override
    protected SocketChannel acceptImpl() {
        return channel;
    }

    @Override
    protected void bindImpl() {
        // already bound and accepted by PeerEchoServer
    }

    @Override
    protected boolean isBound() {
        return true;
    }

    @Override
    protected void closeTransport() throws IOException {
        channel.close();
    }

    @Override
    public int getUid(SocketChannel sock) throws IOException {
        if (!unix) {
            return -1;
        }
        // On Linux the JDK names the peer's user by its numeric uid.
        String user = sock.getOption(ExtendedSocketOptions.SO_PEERCRED).user().getName();
        try {
            return Integer.parseInt(user);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
