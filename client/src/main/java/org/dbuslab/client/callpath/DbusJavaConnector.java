package org.dbuslab.client.callpath;

import org.dbuslab.api.transport.LabWire;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.connections.impl.DirectConnectionBuilder;
import org.freedesktop.dbus.messages.Error;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;

/** Opens a dbus-java connection to a bus or a peer and checks that an echo server answers there. */
public final class DbusJavaConnector {

    private static final long PROBE_TIMEOUT_MS = 10_000;

    /** Default connect timeout: the lab starts clients only once their server is ready. */
    public static final int DEFAULT_CONNECT_TIMEOUT_MS = 2_000;

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
     * @param connectTimeoutMs how long dbus-java keeps retrying to connect (it retries every 500 ms)
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
        AbstractConnection connection;
        LabWire.takeCreatedOnThisThread(); // forget a wire an earlier, failed attempt left behind
        try {
            connection = peer
                ? DirectConnectionBuilder.forAddress(address).transportConfig().withTimeout(connectTimeoutMs).back().build()
                : DBusConnectionBuilder.forAddress(address).withShared(false) // its own, never a server's in this JVM
                    .transportConfig().withTimeout(connectTimeoutMs).back().build();
        } catch (DBusException | RuntimeException e) {
            throw new UnreachableException("cannot connect to " + address + ": " + rootMessage(e));
        }
        String dest = peer ? null : destination;
        try {
            probe(connection, dest, method.objectPath());
        } catch (UnreachableException e) {
            connection.disconnect();
            throw e;
        }
        if (kind == CallPathKind.LEAN) {
            LabWire wire = LabWire.takeCreatedOnThisThread().orElse(null);
            if (wire != null) {
                try {
                    return new LeanCallPath(connection, wire, dest, method, reading);
                } catch (java.io.IOException e) {
                    connection.disconnect();
                    throw new UnreachableException("cannot set up reading on " + address + ": " + rootMessage(e));
                }
            }
        }
        return new DbusJavaCallPath(connection, dest, method);
    }

    /** org.freedesktop.DBus.Peer.Ping on the called object: fails fast when nobody serves it. */
    private static void probe(AbstractConnection connection, String dest, String objectPath) throws UnreachableException {
        String where = dest == null ? "the peer" : dest;
        try {
            MethodCall ping = connection.getMessageFactory().createMethodCall(dest, objectPath,
                "org.freedesktop.DBus.Peer", "Ping", (byte) 0, null);
            connection.sendMessage(ping);
            Message reply = ping.getReply(PROBE_TIMEOUT_MS);
            if (reply == null) {
                throw new UnreachableException("no answer from " + where + " within " + PROBE_TIMEOUT_MS + " ms");
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
