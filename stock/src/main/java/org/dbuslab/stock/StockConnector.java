package org.dbuslab.stock;

import org.dbuslab.api.Echo1;
import org.dbuslab.api.EchoContract;
import org.dbuslab.cli.OneLine;
import org.dbuslab.client.callpath.UnreachableException;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.connections.impl.DirectConnection;
import org.freedesktop.dbus.connections.impl.DirectConnectionBuilder;
import org.freedesktop.dbus.interfaces.Peer;
import org.freedesktop.dbus.messages.MethodCall;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Connects the way a dbus-java user does (DBusConnectionBuilder or DirectConnectionBuilder with their defaults, the
 * interface proxy from getRemoteObject) and pings the echo object once, all within the connect timeout.
 */
final class StockConnector {

    /** A failed connect (server not listening yet) is retried this often, for at most {@link #RETRY_MS}. */
    private static final long RETRY_EVERY_MS = 250;
    private static final long RETRY_MS = 2_000;

    private StockConnector() {
    }

    static StockCallPath connect(String address, boolean peer, String dest, int connectTimeoutMs, long replyTimeoutMs,
                                 boolean sync) throws UnreachableException {
        // the proxy's synchronous calls wait this long for their reply, then throw NoReply (lost)
        MethodCall.setDefaultTimeout(replyTimeoutMs);
        CompletableFuture<StockCallPath> built = new CompletableFuture<>();
        Thread connecting = new Thread(() -> {
            try {
                built.complete(connectRetrying(address, peer, dest, sync, replyTimeoutMs));
            } catch (Throwable e) {
                built.completeExceptionally(e);
            }
        }, "dbus-lab-stock-connect");
        connecting.setDaemon(true);
        connecting.start();
        try {
            return built.get(connectTimeoutMs, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new UnreachableException("cannot connect to " + address + ": not connected and answered within "
                + connectTimeoutMs + " ms (--connect-timeout)");
        } catch (ExecutionException e) {
            throw new UnreachableException("cannot connect to " + address + ": " + OneLine.withCauses(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UnreachableException("interrupted while connecting to " + address);
        }
    }

    private static StockCallPath connectRetrying(String address, boolean peer, String dest, boolean sync,
                                                 long replyTimeoutMs)
        throws Exception {
        long giveUp = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RETRY_MS);
        while (true) {
            AbstractConnection connection;
            try {
                connection = peer ? DirectConnectionBuilder.forAddress(address).build()
                    : DBusConnectionBuilder.forAddress(address).build();
            } catch (Exception e) {
                if (System.nanoTime() > giveUp) {
                    throw e;
                }
                Thread.sleep(RETRY_EVERY_MS);
                continue;
            }
            try {
                Echo1 proxy;
                if (peer) {
                    DirectConnection direct = (DirectConnection) connection;
                    direct.getRemoteObject(EchoContract.OBJECT_PATH, Peer.class).Ping();
                    proxy = direct.getRemoteObject(EchoContract.OBJECT_PATH, Echo1.class);
                } else {
                    DBusConnection bus = (DBusConnection) connection;
                    bus.getRemoteObject(dest, EchoContract.OBJECT_PATH, Peer.class).Ping();
                    proxy = bus.getRemoteObject(dest, EchoContract.OBJECT_PATH, Echo1.class);
                }
                return new StockCallPath(connection, proxy, sync, TimeUnit.MILLISECONDS.toNanos(replyTimeoutMs));
            } catch (Exception | Error e) {
                Bounded.run("dbus-lab-stock-close", connection::disconnect);
                throw new Exception("the echo object " + EchoContract.OBJECT_PATH
                    + (peer ? "" : " of " + dest) + " does not answer: " + OneLine.withCauses(e), e);
            }
        }
    }
}
