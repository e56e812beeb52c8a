package org.dbuslab.scale.signals;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.exceptions.DBusException;

/**
 * A connection with one matching rule (dbus-java adds {@code type='signal',interface=Signals1,member=Tick} for the
 * handler) that hands every Tick to the current run's tally.
 */
final class Subscriber implements AutoCloseable {

    private final DBusConnection connection;
    private volatile SubscriberTally tally;

    private Subscriber(DBusConnection connection) {
        this.connection = connection;
    }

    static Subscriber open(String address, int connectTimeoutMs) throws DBusException {
        DBusConnection connection = BusConnections.open(address, connectTimeoutMs);
        Subscriber subscriber = new Subscriber(connection);
        try {
            connection.addSigHandler(Signals1.Tick.class, subscriber::handle);
        } catch (DBusException | RuntimeException e) {
            connection.disconnect();
            throw e;
        }
        return subscriber;
    }

    private void handle(Signals1.Tick tick) {
        long now = System.nanoTime();
        SubscriberTally current = tally;
        if (current != null) {
            current.receive(tick.seq(), tick.emittedNanos(), tick.pad(), now);
        }
    }

    /** Signals from now on are counted in {@code next}. */
    void countInto(SubscriberTally next) {
        tally = next;
    }

    /** False once the bus has closed the connection (e.g. dbus-broker dropping a peer over its quota). */
    boolean connected() {
        return connection.isConnected();
    }

    @Override
    public void close() {
        connection.disconnect();
    }
}
