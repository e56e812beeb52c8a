package org.dbuslab.scale.signals;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBus;

import java.util.ArrayList;
import java.util.List;

/**
 * M non-matching match rules held by idle connections, at most {@code rulesPerConnection} each: the load the bus
 * must filter every signal through (dbus-broker's bench-message sweeps the same).
 */
final class IdleRules implements AutoCloseable {

    private final List<DBusConnection> connections = new ArrayList<>();

    static IdleRules add(String address, int rules, int rulesPerConnection, int connectTimeoutMs) throws DBusException {
        IdleRules idle = new IdleRules();
        try {
            for (int rule = 0; rule < rules; rule++) {
                if (rule % rulesPerConnection == 0) {
                    idle.connections.add(BusConnections.open(address, connectTimeoutMs));
                }
                DBusConnection connection = idle.connections.get(idle.connections.size() - 1);
                connection.getRemoteObject("org.freedesktop.DBus", "/org/freedesktop/DBus", DBus.class)
                    .AddMatch(Signals1.nonMatchingRule(rule));
            }
        } catch (DBusException | RuntimeException e) {
            idle.close();
            throw e;
        }
        return idle;
    }

    int connections() {
        return connections.size();
    }

    @Override
    public void close() {
        connections.forEach(DBusConnection::disconnect);
    }
}
