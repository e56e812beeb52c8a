package org.dbuslab.stock;

import org.dbuslab.api.EchoContract;
import org.dbuslab.cli.OneLine;
import org.freedesktop.dbus.connections.IDisconnectCallback;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;

import java.io.IOException;
import java.util.function.Consumer;

/** The stock echo object on a bus: DBusConnectionBuilder's defaults, exportObject, requestBusName. */
final class StockBusServer implements AutoCloseable {

    private final DBusConnection connection;
    private volatile boolean closing;

    private StockBusServer(DBusConnection connection) {
        this.connection = connection;
    }

    /** @param lost told once, with why, when the bus connection ends before {@link #close} */
    static StockBusServer start(String address, String name, StockEcho echo, Consumer<String> lost) throws Exception {
        StockBusServer[] self = new StockBusServer[1];
        DBusConnection connection = DBusConnectionBuilder.forAddress(address)
            .withDisconnectCallback(new IDisconnectCallback() {
                @Override
                public void disconnectOnError(IOException e) {
                    if (self[0] == null || !self[0].closing) {
                        lost.accept("lost the bus connection: " + e.getMessage());
                    }
                }
            })
            .build();
        self[0] = new StockBusServer(connection);
        try {
            connection.exportObject(EchoContract.OBJECT_PATH, echo);
            connection.requestBusName(name);
        } catch (Exception e) {
            self[0].close();
            throw new IOException("cannot serve " + name + " on " + address + ": " + OneLine.withCauses(e), e);
        }
        return self[0];
    }

    /** dbus-java's disconnect waits for the bus (ReleaseName) on a dead bus: bounded here. */
    @Override
    public void close() {
        closing = true;
        Bounded.run("dbus-lab-stock-close", connection::disconnect);
    }
}
