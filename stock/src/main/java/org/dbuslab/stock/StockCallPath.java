package org.dbuslab.stock;

import org.dbuslab.api.EchoContract;
import org.dbuslab.api.Echo1;
import org.dbuslab.client.callpath.CallFailedException;
import org.dbuslab.client.callpath.ConnectionLostException;
import org.dbuslab.client.callpath.DbusJavaCallPath;
import org.dbuslab.client.callpath.EchoCallPath;
import org.dbuslab.client.callpath.PendingReply;
import org.dbuslab.client.callpath.Reply;
import org.freedesktop.dbus.DBusAsyncReply;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.errors.NoReply;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.messages.Message;

/**
 * Echo calls the way a dbus-java user makes them. Synchronous: {@code proxy.Echo(payload)}, which blocks until the
 * reply (or NoReply after the reply timeout); its reply is there when {@link #send} returns. Asynchronous:
 * {@code connection.callMethodAsync(proxy, "Echo", payload)}, whose {@link DBusAsyncReply} is awaited through its
 * MethodCall and decoded by {@link DBusAsyncReply#getReply()} (dbus-java's own conversion of the reply).
 */
final class StockCallPath implements EchoCallPath {

    private final AbstractConnection connection;
    private final Echo1 proxy;
    private final boolean sync;
    private final long replyTimeoutNanos;

    StockCallPath(AbstractConnection connection, Echo1 proxy, boolean sync, long replyTimeoutNanos) {
        this.connection = connection;
        this.proxy = proxy;
        this.sync = sync;
        this.replyTimeoutNanos = replyTimeoutNanos;
    }

    @Override
    public PendingReply send(byte[] payload) throws CallFailedException {
        return sync ? callSync(payload) : callAsync(payload);
    }

    private PendingReply callSync(byte[] payload) throws CallFailedException {
        long sent = System.nanoTime();
        Reply reply;
        try {
            byte[] echoed = proxy.Echo(payload);
            reply = Reply.returned(echoed);
        } catch (NoReply e) {
            reply = connection.isConnected() ? Reply.timedOut() : Reply.lost("connection lost: " + e.getMessage());
        } catch (DBusExecutionException e) {
            reply = failed(e);
        } catch (RuntimeException e) {
            throw notSent(e);
        }
        // a reply later than the reply timeout is lost, however long dbus-java waited for it
        Reply done = System.nanoTime() - sent > replyTimeoutNanos ? Reply.timedOut() : reply;
        return timeoutNanos -> done;
    }

    private PendingReply callAsync(byte[] payload) throws CallFailedException {
        DBusAsyncReply<?> async;
        try {
            async = connection.callMethodAsync(proxy, EchoContract.ECHO_METHOD, payload);
        } catch (RuntimeException e) {
            throw notSent(e);
        }
        return timeoutNanos -> {
            Message message = DbusJavaCallPath.awaitReply(async.getCall(), timeoutNanos);
            if (message == null) {
                return connection.isConnected() ? Reply.timedOut() : Reply.lost("the connection was closed");
            }
            try {
                Object value = async.getReply();
                return value instanceof byte[] bytes ? Reply.returned(bytes) : Reply.returned(null);
            } catch (DBusExecutionException e) {
                return failed(e);
            } catch (DBusException e) {
                return connection.isConnected() ? Reply.error(e.getClass().getName() + ": " + e.getMessage())
                    : Reply.lost("connection lost: " + e.getMessage());
            }
        };
    }

    /** An error reply, or (once the connection is gone) dbus-java failing the call itself: lost. */
    private Reply failed(DBusExecutionException e) {
        if (!connection.isConnected()) {
            return Reply.lost("connection lost: " + e.getMessage());
        }
        return Reply.error(e.getType() != null ? e.getType() : e.getClass().getName());
    }

    private CallFailedException notSent(RuntimeException e) {
        if (!connection.isConnected()) {
            return new ConnectionLostException("not sent: connection lost: " + e.getMessage(), e);
        }
        return new CallFailedException("cannot send Echo: " + e, e);
    }

    @Override
    public String lostReason() {
        return connection.isConnected() ? null : "the connection was closed";
    }

    @Override
    public void close() {
        Bounded.run("dbus-lab-stock-close", connection::disconnect);
    }
}
