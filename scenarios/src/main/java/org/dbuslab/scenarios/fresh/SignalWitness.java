package org.dbuslab.scenarios.fresh;

import org.dbuslab.scenarios.bus.Installer;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusSigHandler;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.types.Variant;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Independent record of when the reader's process got each SelectedBaseProduct change. Registered on the
 * cache's own match rule after the cache, it runs on the same single signal thread right after the cache's
 * handler: once the witness counts signal k, a correct cache has applied it. The judge calls any older value
 * read after that a stale read; a cache that ignores the signal is caught.
 */
public final class SignalWitness implements DBusSigHandler<DBusSignal> {

    private final AtomicInteger count = new AtomicInteger();
    private final AtomicReferenceArray<String> values;
    private final AtomicLongArray arrivedNs;

    public SignalWitness(int capacity) {
        values = new AtomicReferenceArray<>(capacity + 1);
        arrivedNs = new AtomicLongArray(capacity + 1);
    }

    @Override
    public void handle(DBusSignal signal) {
        long now = System.nanoTime();
        try {
            Object[] args = signal.getParameters();
            if (args.length < 2 || !Installer.INTERFACE.equals(args[0])) {
                return;
            }
            @SuppressWarnings("unchecked")
            Map<String, Variant<?>> changed = (Map<String, Variant<?>>) args[1];
            Variant<?> value = changed.get(Installer.SELECTED_BASE_PRODUCT);
            if (value == null) {
                return;
            }
            int k = count.get() + 1;
            if (k < values.length()) {
                values.set(k, String.valueOf(value.getValue()));
                arrivedNs.set(k, now);
            }
            count.set(k); // published last: a reader that sees k sees its value and time
        } catch (DBusException e) {
            // unreadable: not counted, so the judge reports it as a signal not seen
        }
    }

    /** Changes received so far. */
    public int count() {
        return count.get();
    }

    public String value(int k) {
        return values.get(k);
    }

    public long arrivedNs(int k) {
        return arrivedNs.get(k);
    }
}
