package org.dbuslab.server.installer;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;

import java.util.List;

/** The mock installer service on a bus: exports {@link SoftwareService} and claims the well-known name. */
public final class InstallerMock implements AutoCloseable {

    private static final int CONNECT_TIMEOUT_MS = 3_000;

    private final String address;
    private final DBusConnection connection;
    private final SoftwareService service;

    private InstallerMock(String address, DBusConnection connection, SoftwareService service) {
        this.address = address;
        this.connection = connection;
        this.service = service;
    }

    /** Connects to the bus at {@code address}, exports the object, then claims the name (clients wait for it). */
    public static InstallerMock start(String address, List<Product> products) throws DBusException {
        DBusConnection connection = DBusConnectionBuilder.forAddress(address).withShared(false) // never a client's connection in tests
            .transportConfig().withTimeout(CONNECT_TIMEOUT_MS).back().build();
        try {
            SoftwareService service = new SoftwareService(products, connection::sendMessage);
            connection.exportObject(InstallerContract.OBJECT_PATH, service);
            connection.requestBusName(InstallerContract.BUS_NAME);
            return new InstallerMock(address, connection, service);
        } catch (DBusException | RuntimeException e) {
            connection.disconnect();
            throw e;
        }
    }

    public String address() {
        return address;
    }

    public SoftwareService service() {
        return service;
    }

    @Override
    public void close() {
        connection.disconnect();
    }
}
