package org.dbuslab.client.callpath;

import org.dbuslab.labio.ConnectClock;
import org.dbuslab.labio.LabWire;
import org.dbuslab.labio.SocketShutdown;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.connections.impl.DirectConnectionBuilder;
import org.freedesktop.dbus.connections.transports.AbstractTransport;
import org.freedesktop.dbus.connections.transports.TransportConnection;

import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Builds a dbus-java connection — connect, SASL authentication and, on a bus, Hello — within a deadline. dbus-java
 * reads the SASL exchange with a blocking read that has no timeout, so a peer or bus that accepts the connection and
 * then says nothing held the client forever. Here the handshake runs on a thread of its own; when the deadline passes
 * first, the socket is ended under it (its blocked read fails) and the caller gets a one-line reason.
 */
final class BoundedHandshake {

    /** dbus-java retries a refused connect every 500 ms: its retries end this long before the deadline. */
    private static final int RETRY_STEP_MS = 500;
    /** A refused connect (no socket file yet, nobody listening) is retried for at most this long. */
    static final int MAX_RETRY_MS = 2_000;

    private BoundedHandshake() {
    }

    /**
     * A built connection, the lab's wire for it (null with dbus-java's own I/O), and what ends its socket
     * directly, before dbus-java's disconnect (which first sends what is still queued, and would block on a
     * peer that stopped reading): shut down, not closed, so that disconnect() still stops the reader thread
     * ({@link SocketShutdown}).
     */
    record Built(AbstractConnection connection, LabWire wire, Closeable socket) {
    }

    static Built connect(String address, boolean peer, int timeoutMs) throws UnreachableException {
        AtomicReference<AbstractTransport> transport = new AtomicReference<>();
        // the clock starts when dbus-java opens the socket: loading dbus-java and jnr before that is this JVM's own
        // work (over 10 s in a cold JVM on a 2-core machine at load 40), not a silent peer (ConnectClock)
        ConnectClock<Built> handshake = ConnectClock.start("dbus-lab-connect", opening -> {
            LabWire.takeCreatedOnThisThread(); // a wire is created on the thread that builds the connection
            AbstractConnection connection = build(address, peer,
                Math.max(RETRY_STEP_MS, Math.min(MAX_RETRY_MS, timeoutMs - RETRY_STEP_MS)), t -> {
                    transport.set(t);
                    opening.run();
                });
            Closeable socket = () -> end(transport.get());
            return new Built(connection, LabWire.takeCreatedOnThisThread().orElse(null), socket);
        });
        try {
            return handshake.await(timeoutMs);
        } catch (ConnectClock.NotOpened e) {
            throw new UnreachableException("cannot connect to " + address + ": dbus-java did not get to connecting "
                + "within " + ConnectClock.LOCAL_SETUP_SECONDS + " s");
        } catch (TimeoutException e) {
            end(transport.get()); // the handshake's blocked read fails now and its thread ends
            handshake.whenLate(late -> late.connection().disconnect());
            throw new UnreachableException("cannot connect to " + address + ": no answer within " + timeoutMs
                + " ms (--connect-timeout) to " + (transport.get() == null ? "the connect"
                : peer ? "the authentication (SASL)" : "the authentication (SASL) and Hello"));
        } catch (ExecutionException e) {
            throw new UnreachableException("cannot connect to " + address + ": "
                + DbusJavaConnector.rootMessage(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            end(transport.get());
            throw new UnreachableException("cannot connect to " + address + ": interrupted");
        }
    }

    private static AbstractConnection build(String address, boolean peer, int retryMs,
                                            java.util.function.Consumer<AbstractTransport> transport) throws Exception {
        return peer
            ? DirectConnectionBuilder.forAddress(address).transportConfig().withTimeout(retryMs)
                .withPreConnectCallback(transport).back().build()
            : DBusConnectionBuilder.forAddress(address).withShared(false) // its own, never a server's in this JVM
                .transportConfig().withTimeout(retryMs).withPreConnectCallback(transport).back().build();
    }

    /**
     * Ends the socket under a connection at any stage: during SASL (no reader thread yet) by closing it; once dbus-java
     * has its reader thread (waiting for Hello's reply, or later) by shutting it down ({@link SocketShutdown}).
     */
    private static void end(AbstractTransport transport) {
        TransportConnection open = transport == null ? null : transport.getTransportConnection();
        if (open == null) {
            closeTransport(transport);
            return;
        }
        try {
            SocketShutdown.bothWays(open.getChannel());
        } catch (IOException | RuntimeException ignored) {
            // ending anyway
        }
    }

    private static void closeTransport(AbstractTransport transport) {
        if (transport == null) {
            return;
        }
        try {
            transport.close();
        } catch (IOException | RuntimeException ignored) {
            // closing anyway
        }
    }
}
