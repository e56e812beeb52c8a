package org.dbuslab.client.callpath;

import org.dbuslab.api.EchoContract;
import org.dbuslab.labio.DbusJavaRace;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;

import java.util.concurrent.TimeUnit;

/**
 * Echo (or spam) calls through dbus-java's message API: builds the {@code MethodCall} itself instead of going through
 * an interface proxy, and decodes the reply with an explicit {@code byte[]} type. Both avoid dbus-java's
 * per-byte boxed decoding of {@code ay} (see REFERENCE §6), which would otherwise dominate every measurement.
 */
public final class DbusJavaCallPath implements EchoCallPath {

    private static final byte[] EMPTY = new byte[0];

    private final AbstractConnection connection;
    /** Ends the socket itself (shuts it down): dbus-java's disconnect first sends what is queued, blocking on a stalled peer. */
    private final java.io.Closeable socket;
    private final String destination;
    private final CallMethod method;
    /** Some call got no reply: dbus-java's sender thread may still hold calls for a peer that stopped reading. */
    private volatile boolean unanswered;

    /**
     * @param connection  an open bus or peer connection
     * @param socket      ends the connection's socket directly (BoundedHandshake.Built#socket)
     * @param destination bus name of the server, or null on a peer-to-peer connection
     * @param method      the method every call invokes
     */
    public DbusJavaCallPath(AbstractConnection connection, java.io.Closeable socket, String destination,
                            CallMethod method) {
        this.connection = connection;
        this.socket = socket;
        this.destination = destination;
        this.method = method;
    }

    @Override
    public PendingReply send(byte[] payload) throws CallFailedException {
        MethodCall call;
        try {
            call = connection.getMessageFactory().createMethodCall(destination, method.objectPath(), method.iface(),
                method.member(), (byte) 0, EchoContract.PAYLOAD_SIGNATURE, payload);
            connection.sendMessage(call);
        } catch (DBusException | RuntimeException e) {
            if (!connection.isConnected()) {
                throw new ConnectionLostException("not sent: connection lost: " + e.getMessage(), e);
            }
            throw new CallFailedException("cannot send " + method.member() + ": " + e.getMessage(), e);
        }
        return timeoutNanos -> {
            Message reply = awaitReply(call, timeoutNanos);
            unanswered |= reply == null;
            if (reply instanceof org.freedesktop.dbus.messages.Error && !connection.isConnected()) {
                // dbus-java fails the calls still waiting when the connection ends: made here, not a peer's reply
                return Reply.lost("connection lost: " + ((org.freedesktop.dbus.messages.Error) reply).getName());
            }
            return ReplyDecoder.decode(reply, method);
        };
    }

    /** MethodCall.getReply(ms) waits once and may wake early; loop until the deadline. */
    public static Message awaitReply(MethodCall call, long timeoutNanos) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        Message reply = call.getReply(Math.max(1, TimeUnit.NANOSECONDS.toMillis(timeoutNanos)));
        while (reply == null) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            reply = call.getReply(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
        return reply;
    }

    @Override
    public String lostReason() {
        return connection.isConnected() ? null : "the connection was closed";
    }

    /** Ends the socket first, so calls still queued for dbus-java's sender thread fail at once instead of blocking. */
    @Override
    public void abandon(String why) {
        endSocket();
        close();
    }

    private void endSocket() {
        try {
            socket.close();
        } catch (java.io.IOException | RuntimeException ignored) {
            // disconnecting anyway
        }
    }

    @Override
    public void close() {
        if (unanswered) {
            endSocket(); // disconnect() would first send what dbus-java still queues, blocking on a stalled peer
            // and may then meet the socket it no longer has (StalledServerIT, tcp async: "_data" is null)
            DbusJavaRace.disconnectAfterSocketEnded(connection::disconnect);
            return;
        }
        connection.disconnect();
    }
}
