package org.dbuslab.scenarios.fresh;

import org.dbuslab.scenarios.bus.Calls;
import org.dbuslab.scenarios.bus.Installer;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.types.Variant;

import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * "Another client": changes SelectedBaseProduct K times through Properties.Set on its own connection, each time to
 * a product different from the previous one, after a random pause (uniform 0..max). Change i's value and send
 * time are published before its call leaves, so a reader that sees the change can look them up.
 */
public final class ChangeWriter implements Runnable {

    private final DBusConnection conn;
    private final List<String> productIds;
    private final int changes;
    private final long maxPauseNs;
    private final Random random;
    private final AtomicReferenceArray<String> values;
    private final AtomicLongArray sentNs;
    private volatile Exception failure;
    private volatile boolean done;

    /** {@code initial} is change 0: the value before the first change. */
    public ChangeWriter(DBusConnection conn, List<String> productIds, String initial, int changes, long maxPauseNs, long seed) {
        if (productIds.size() < 2) {
            throw new IllegalArgumentException("need at least 2 products to change the selection");
        }
        this.conn = conn;
        this.productIds = List.copyOf(productIds);
        this.changes = changes;
        this.maxPauseNs = maxPauseNs;
        this.random = new Random(seed);
        this.values = new AtomicReferenceArray<>(changes + 1);
        this.sentNs = new AtomicLongArray(changes + 1);
        values.set(0, initial);
    }

    @Override
    public void run() {
        try {
            String previous = values.get(0);
            for (int i = 1; i <= changes; i++) {
                if (maxPauseNs > 0) {
                    LockSupport.parkNanos((long) (random.nextDouble() * maxPauseNs));
                }
                String next;
                do {
                    next = productIds.get(random.nextInt(productIds.size()));
                } while (next.equals(previous));
                values.set(i, next);
                sentNs.set(i, System.nanoTime());
                Calls.call(conn, Installer.PROPERTIES, "Set", "ssv", Installer.INTERFACE, Installer.SELECTED_BASE_PRODUCT,
                    new Variant<>(next));
                previous = next;
            }
        } catch (DBusException | RuntimeException e) {
            failure = e;
        } finally {
            done = true;
        }
    }

    public boolean done() {
        return done;
    }

    public Exception failure() {
        return failure;
    }

    public int changes() {
        return changes;
    }

    /** Value of change i (0 = before the first); null if not sent yet. */
    public String value(int i) {
        return values.get(i);
    }

    public long sentNs(int i) {
        return sentNs.get(i);
    }
}
