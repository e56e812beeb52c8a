package org.dbuslab.server;

import org.dbuslab.api.Echo1;
import org.dbuslab.api.EchoContract;
import org.dbuslab.api.SpamContract;
import org.dbuslab.labio.ConnectClock;
import org.dbuslab.server.fastpath.ReaderDispatch;
import org.dbuslab.server.peer.ListenAddress;
import org.freedesktop.dbus.connections.IDisconnectCallback;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Serves the echo object (and the libdbus-compatible spam object) on a message bus under the well-known name
 * {@link EchoContract#BUS_NAME}.
 */
public final class BusEchoServer implements EchoServer {

    /** How long connecting may take in all: the socket, the SASL handshake, Hello and claiming the name. */
    public static final int DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
    /** dbus-java retries a failed socket connect every 500 ms until this; a bus that is not there now won't be. */
    private static final int SOCKET_CONNECT_TIMEOUT_MS = 3_000;
    /** How long {@link #close} waits for each of its steps. */
    static final long CLOSE_TIMEOUT_MS = 2_000;

    private final String address;
    private final DBusConnection connection;
    private final AtomicBoolean ended;

    private BusEchoServer(String address, DBusConnection connection, AtomicBoolean ended) {
        this.address = address;
        this.connection = connection;
        this.ended = ended;
    }

    /** As {@link #start(String, Echo1, int, Consumer)} with the default timeout and no one told of a lost bus. */
    public static BusEchoServer start(String address, Echo1 service) throws DBusException, IOException {
        return start(address, service, DEFAULT_CONNECT_TIMEOUT_MS, reason -> { });
    }

    /**
     * Connects to the bus at {@code address}, exports {@code service} and claims the bus name, within
     * {@code connectTimeoutMs} (a bus that accepts the socket but never answers SASL fails here too).
     * {@code onLost} is told, once, why the connection ended if it ends by itself (the bus died), not by {@link #close}.
     */
    public static BusEchoServer start(String address, Echo1 service, int connectTimeoutMs, Consumer<String> onLost)
        throws DBusException, IOException {
        if (connectTimeoutMs < 1) {
            throw new IllegalArgumentException("connect timeout must be at least 1 ms, not " + connectTimeoutMs);
        }
        checkPorts(address);
        AtomicBoolean ended = new AtomicBoolean();
        IDisconnectCallback lost = new IDisconnectCallback() {
            @Override
            public void clientDisconnect() {
                end("the bus closed the connection");
            }

            @Override
            public void disconnectOnError(IOException e) {
                end(e == null || e.getMessage() == null ? "the bus connection failed" : e.getMessage());
            }

            private void end(String reason) {
                if (ended.compareAndSet(false, true)) {
                    onLost.accept(reason);
                }
            }
        };
        // dbus-java's connect has no deadline for the handshake: it runs on a thread of its own, abandoned (a daemon,
        // blocked on a socket the process is about to leave) when the bus does not answer in time; the clock starts
        // when dbus-java opens the socket, as the client's does (ConnectClock)
        ConnectClock<DBusConnection> connecting = ConnectClock.start("dbus-lab-bus-connect",
            opening -> connect(address, service, lost, ended, opening));
        try {
            return new BusEchoServer(address, connecting.await(connectTimeoutMs), ended);
        } catch (ConnectClock.NotOpened e) {
            ended.set(true);
            connecting.interrupt();
            throw new IOException("dbus-java did not get to connecting to " + address + " within "
                + ConnectClock.LOCAL_SETUP_SECONDS + " s");
        } catch (TimeoutException e) {
            ended.set(true);
            connecting.interrupt();
            throw new IOException("the bus at " + address + " did not complete the connection within "
                + connectTimeoutMs + " ms (socket, SASL handshake, Hello, name)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while connecting to " + address, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof DBusException d) {
                throw d;
            }
            throw cause instanceof IOException io ? io : new IOException(cause.getMessage(), cause);
        }
    }

    private static DBusConnection connect(String address, Echo1 service, IDisconnectCallback lost, AtomicBoolean ended,
                                          Runnable opening) throws DBusException {
        // never shared: dbus-java hands a shared connection to every later builder for the same address in this
        // JVM, so a client in the same process (the tests') would otherwise call through the server's connection
        DBusConnection connection = DBusConnectionBuilder.forAddress(address).withShared(false)
            .withDisconnectCallback(lost)
            .transportConfig().withTimeout(SOCKET_CONNECT_TIMEOUT_MS).withPreConnectCallback(t -> opening.run()).back()
            .build();
        ReaderDispatch.installOnConnectionBuiltByThisThread(connection.getMessageFactory(), service,
            line -> System.err.println("dbus-lab-server: " + line));
        try {
            connection.exportObject(EchoContract.OBJECT_PATH, service);
            connection.exportObject(SpamContract.OBJECT_PATH, new SpamService());
            connection.requestBusName(EchoContract.BUS_NAME);
            if (ended.get()) {
                throw new DBusException("connected after the connect timeout had passed");
            }
        } catch (DBusException | RuntimeException e) {
            connection.disconnect();
            throw e;
        }
        return connection;
    }

    /** dbus-java takes {@code port=99999} as given and fails later, obscurely: say so now (IllegalArgumentException). */
    static void checkPorts(String address) {
        for (String entry : address.split(";")) {
            int colon = entry.indexOf(':');
            for (String pair : entry.substring(colon + 1).split(",")) {
                if (pair.startsWith("port=")) {
                    ListenAddress.port(pair.substring("port=".length()), 1, "bus address '" + address + "'");
                }
            }
        }
    }

    @Override
    public String address() {
        return address;
    }

    /**
     * Ends the connection within {@link #CLOSE_TIMEOUT_MS}. On a live bus: the orderly disconnect (dbus-java releases
     * the name first). Once the bus is gone: only the socket is closed, because dbus-java's disconnect would send
     * ReleaseName to the dead bus and wait for a reply that never comes. Either way no wait here is unbounded: the
     * work runs on a daemon thread that is abandoned (the process is leaving) if it takes longer.
     */
    @Override
    public void close() {
        boolean busGone = ended.getAndSet(true); // set by the lost-bus callback; a disconnect we ask for is not a loss
        if (busGone || !within(CLOSE_TIMEOUT_MS, "dbus-lab-bus-disconnect", connection::disconnect)) {
            within(CLOSE_TIMEOUT_MS, "dbus-lab-bus-close-socket", this::closeSocket);
        }
    }

    /** Runs STEP on a daemon thread named NAME; true when it ended within MILLIS. */
    private static boolean within(long millis, String name, Runnable step) {
        Thread thread = new Thread(step, name);
        thread.setDaemon(true);
        thread.start();
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !thread.isAlive();
    }

    /** The connection's transport closed directly: dbus-java has no public way to drop a connection without a word. */
    private void closeSocket() {
        try {
            java.lang.reflect.Method transport = org.freedesktop.dbus.connections.base.AbstractConnectionBase.class
                .getDeclaredMethod("getTransport");
            transport.setAccessible(true);
            Object t = transport.invoke(connection);
            if (t instanceof java.io.Closeable c) {
                c.close();
            }
        } catch (ReflectiveOperationException | IOException | RuntimeException e) {
            // the process is leaving: its sockets close with it
        }
    }
}
