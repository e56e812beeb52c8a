package org.dbuslab.scenarios.reads;

import org.dbuslab.scenarios.bus.Connect;
import org.dbuslab.scenarios.bus.Installer;
import org.dbuslab.scenarios.bus.Products;
import org.dbuslab.scenarios.monitor.PhaseMarker;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.exceptions.DBusException;

/**
 * One run of the property-reads scenario: connect, prepare the strategy, read AvailableBaseProducts N times
 * (decoding each value, as a real client would), disconnect. With {@code marked}, phase markers separate
 * connect / setup / reads in the bus monitor's stream; they are outside the timed segments.
 */
public final class ReadRun {

    /** What one run measured; {@code client} is the unique name the connection had. */
    public record Result(ReadsCsv.Times times, int products, String client) {
    }

    private ReadRun() {
    }

    public static Result run(String address, Strategy strategy, int reads, boolean marked) throws DBusException {
        long t0 = System.nanoTime();
        int products = 0;
        long t1;
        long t1b;
        long t2;
        long t2b;
        long t3;
        String client;
        try (DBusConnection conn = Connect.to(address)) {
            t1 = System.nanoTime();
            client = conn.getUniqueName();
            if (marked) {
                PhaseMarker.mark(conn, "Setup");
            }
            t1b = System.nanoTime();
            PropertySource source = strategy.on(conn);
            source.open();
            t2 = System.nanoTime();
            if (marked) {
                PhaseMarker.mark(conn, "Reads");
            }
            t2b = System.nanoTime();
            for (int i = 0; i < reads; i++) {
                products = Products.decode(source.read(Installer.AVAILABLE_BASE_PRODUCTS)).size();
            }
            t3 = System.nanoTime();
            if (marked) {
                PhaseMarker.mark(conn, "End");
            }
        } catch (java.io.IOException e) {
            throw new DBusException("disconnect failed: " + e.getMessage(), e);
        }
        long setup = t2 - t1b;
        long readsNs = t3 - t2b;
        return new Result(new ReadsCsv.Times(t1 - t0, setup, readsNs, (t1 - t0) + setup + readsNs), products, client);
    }
}
