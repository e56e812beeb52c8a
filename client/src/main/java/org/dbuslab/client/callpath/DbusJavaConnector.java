package org.dbuslab.client.callpath;

import org.dbuslab.labio.LabWire;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.messages.Error;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;

import java.util.concurrent.TimeUnit;

/** Opens a dbus-java connection to a bus or a peer and checks that an echo server answers there. */
public final class DbusJavaConnector {

    /**
     * Default bound on connecting, authenticating and Hello: the lab starts clients only once their server is ready,
     * but a cold JVM's first connection loads dbus-java and jnr, which took over 2 s on a loaded 2-core machine.
     */
    public static final int DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

    private DbusJavaConnector() {
    }

    /** Echo calls with the default connect timeout. */
    public static EchoCallPath connect(String address, boolean peer, String destination) throws UnreachableException {
        return connect(address, peer, destination, CallMethod.ECHO, DEFAULT_CONNECT_TIMEOUT_MS);
    }

    /**
     * Connects and pings the echo object once.
     *
     * @param address     D-Bus address of a bus, or of a peer when {@code peer} is set
     * @param peer        direct connection: no bus, no destination name
     * @param destination the echo server's bus name (ignored for peers)
     * @param method      the method the calls will invoke (its object is pinged before the first run)
     * @param connectTimeoutMs the most connecting, authenticating, (on a bus) Hello and the first Ping may take in
     *                         all; a refused connect is retried every 500 ms meanwhile, for at most 2 s
     * @throws UnreachableException with a one-line reason when the address or the server cannot be reached
     */
    public static EchoCallPath connect(String address, boolean peer, String destination, CallMethod method,
                                       int connectTimeoutMs) throws UnreachableException {
        return connect(address, peer, destination, method, connectTimeoutMs, CallPathKind.LEAN,
            ReplyReading.READER_THREAD);
    }

    /**
     * Connects with the chosen call path. {@link CallPathKind#LEAN} needs the lab's socket provider; when dbus-java
     * was told to use its own I/O ({@code -Ddbuslab.io=dbus-java}) it falls back to {@link CallPathKind#DBUS_JAVA}.
     * {@code reading} says which thread reads replies on the lean path (dbus-java's path always uses its reader).
     */
    public static EchoCallPath connect(String address, boolean peer, String destination, CallMethod method,
                                       int connectTimeoutMs, CallPathKind kind, ReplyReading reading)
        throws UnreachableException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(connectTimeoutMs);
        BoundedHandshake.Built built = BoundedHandshake.connect(address, peer, connectTimeoutMs);
        AbstractConnection connection = built.connection();
        String dest = peer ? null : destination;
        try {
            probe(connection, dest, method.objectPath(),
                Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())), connectTimeoutMs);
        } catch (UnreachableException e) {
            try {
                built.socket().close(); // a peer that stopped reading must not hold up the disconnect
            } catch (java.io.IOException ignored) {
                // disconnecting anyway
            }
            connection.disconnect();
            throw new UnreachableException("cannot connect to " + address + ": " + e.getMessage());
        }
        if (kind == CallPathKind.LEAN) {
            LabWire wire = built.wire();
            if (wire != null) {
                try {
                    return new LeanCallPath(connection, wire, dest, method, reading);
                } catch (java.io.IOException e) {
                    connection.disconnect();
                    throw new UnreachableException("cannot set up reading on " + address + ": " + rootMessage(e));
                }
            }
        }
        return new DbusJavaCallPath(connection, built.socket(), dest, method);
    }

    /**
     * org.freedesktop.DBus.Peer.Ping on the called object: fails fast when nobody serves it; within what is left of the
     * connect timeout.
     */
    private static void probe(AbstractConnection connection, String dest, String objectPath, long waitMs,
                              int connectTimeoutMs) throws UnreachableException {
        String where = dest == null ? "the peer" : dest;
        try {
            MethodCall ping = connection.getMessageFactory().createMethodCall(dest, objectPath,
                "org.freedesktop.DBus.Peer", "Ping", (byte) 0, null);
            connection.sendMessage(ping);
            Message reply = ping.getReply(waitMs);
            if (reply == null) {
                throw new UnreachableException("no answer from " + where + " to Ping within " + connectTimeoutMs
                    + " ms of connecting (--connect-timeout)");
            }
            if (reply instanceof Error error) {
                throw new UnreachableException("no echo server at " + where + ": " + error.getName()
                    + messageOf(error));
            }
        } catch (DBusException | RuntimeException e) {
            throw new UnreachableException("cannot reach " + where + ": " + rootMessage(e));
        }
    }

    private static String messageOf(Error error) {
        try {
            Object[] body = error.getParameters();
            return body != null && body.length > 0 ? " (" + body[0] + ")" : "";
        } catch (DBusException e) {
            return "";
        }
    }

    static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
        String top = e.getMessage();
        return (top != null && !top.contains(text) ? top + ": " + text : text).replace('\n', ' ');
    }
}
