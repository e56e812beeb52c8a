package org.dbuslab.scale.signals;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;

/** Opens the signal measurement's own bus connections: never shared, one signal thread so handlers run in order. */
final class BusConnections {

    private BusConnections() {
    }

    static DBusConnection open(String address, int connectTimeoutMs) throws DBusException {
        return DBusConnectionBuilder.forAddress(address).withShared(false)
            .receivingThreadConfig().withSignalThreadCount(1).connectionConfig()
            .transportConfig().withTimeout(connectTimeoutMs).back()
            .build();
    }
}
