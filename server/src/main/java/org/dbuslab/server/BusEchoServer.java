package org.dbuslab.server;

import org.dbuslab.api.Echo1;
import org.dbuslab.api.EchoContract;
import org.dbuslab.api.SpamContract;
import org.dbuslab.server.fastpath.ReaderDispatch;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;

/**
 * Serves the echo object (and the libdbus-compatible spam object) on a message bus under the well-known name
 * {@link EchoContract#BUS_NAME}.
 */
public final class BusEchoServer implements EchoServer {

    private static final int CONNECT_TIMEOUT_MS = 3_000;

    private final String address;
    private final DBusConnection connection;

    private BusEchoServer(String address, DBusConnection connection) {
        this.address = address;
        this.connection = connection;
    }

    /** Connects to the bus at {@code address}, exports {@code service} and claims the bus name. */
    public static BusEchoServer start(String address, Echo1 service) throws DBusException {
        // dbus-java retries a failed connect every 500 ms until this timeout; a bus that is not there now won't be.
        // never shared: dbus-java hands a shared connection to every later builder for the same address in this
        // JVM, so a client in the same process (the tests') would otherwise call through the server's connection
        DBusConnection connection = DBusConnectionBuilder.forAddress(address).withShared(false)
            .transportConfig().withTimeout(CONNECT_TIMEOUT_MS).back().build();
        ReaderDispatch.installOnConnectionBuiltByThisThread(connection.getMessageFactory(), service,
            System.err::println);
        try {
            connection.exportObject(EchoContract.OBJECT_PATH, service);
            connection.exportObject(SpamContract.OBJECT_PATH, new SpamService());
            connection.requestBusName(EchoContract.BUS_NAME);
        } catch (DBusException | RuntimeException e) {
            connection.disconnect();
            throw e;
        }
        return new BusEchoServer(address, connection);
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    public void close() {
        connection.disconnect();
    }
}
