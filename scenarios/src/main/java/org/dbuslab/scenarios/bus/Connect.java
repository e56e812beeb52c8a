package org.dbuslab.scenarios.bus;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;

/** Opens bus connections the same way for every scenario. */
public final class Connect {

    /** dbus-java retries a failed connect until this timeout; a bus that is not there now will not come. */
    private static final int CONNECT_TIMEOUT_MS = 3_000;

    private Connect() {
    }

    /**
     * Connects to {@code address} with a connection of its own: dbus-java shares one connection per address
     * within a JVM by default, which would make the freshness writer and reader (and the in-process mock of the
     * tests) one client. One signal-handler thread (dbus-java's default, set explicitly because the
     * freshness judge relies on it): handlers of one connection then run one after another, in arrival order.
     */
    public static DBusConnection to(String address) throws DBusException {
        return DBusConnectionBuilder.forAddress(address).withShared(false)
            .transportConfig().withTimeout(CONNECT_TIMEOUT_MS).back()
            .receivingThreadConfig().withSignalThreadCount(1).connectionConfig()
            .build();
    }
}
