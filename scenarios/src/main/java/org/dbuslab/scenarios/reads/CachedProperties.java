package org.dbuslab.scenarios.reads;

import org.dbuslab.scenarios.bus.Calls;
import org.dbuslab.scenarios.bus.Installer;
import org.freedesktop.dbus.DBusMatchRule;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.Properties;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.types.Variant;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Strategy "cached", what zbus's proxy does (REFERENCE.md §2): subscribe to PropertiesChanged, one GetAll, then
 * serve reads from the cache and let the signals keep it fresh. A property the cache does not hold (invalidated)
 * is read with Get.
 *
 * <p>Ordering: the GetAll reply wakes the calling thread while signals run on dbus-java's signal thread, so a
 * signal sent after the reply could be applied before it. Every value therefore carries the serial of the
 * message that brought it (the service numbers its messages in sending order), and an older one never replaces
 * a newer one. The signal handler is a generic one because dbus-java's typed signals get a fresh serial.
 */
public final class CachedProperties implements PropertySource {

    /** A cached value and the serial of the service's message that carried it. */
    private record Entry(Object value, long serial, boolean present) {
    }

    private final DBusConnection conn;
    private final boolean applySignals;
    private final Map<String, Entry> cache = new ConcurrentHashMap<>();
    private DBusMatchRule rule;

    private CachedProperties(DBusConnection conn, boolean applySignals) {
        this.conn = conn;
        this.applySignals = applySignals;
    }

    /** The correct cache. */
    public static CachedProperties create(DBusConnection conn) {
        return new CachedProperties(conn, true);
    }

    /**
     * A DELIBERATELY BROKEN cache for the freshness scenario's self-test: it subscribes and receives the signals
     * like the correct one (same messages on the bus) but ignores them, so it serves stale values.
     */
    public static CachedProperties ignoringSignals(DBusConnection conn) {
        return new CachedProperties(conn, false);
    }

    @Override
    public void open() throws DBusException {
        // Signals carry the owner's unique name as sender, and dbus-java matches the sender literally:
        // resolve the well-known name first (zbus does the same).
        String owner = conn.getDBusOwnerName(Installer.BUS_NAME);
        rule = new DBusMatchRule(Properties.PropertiesChanged.class, owner, Installer.OBJECT_PATH);
        // Subscribe before GetAll, so no change between the two is lost.
        conn.addGenericSigHandler(rule, this::onSignal);
        var reply = Calls.call(conn, Installer.PROPERTIES, "GetAll", "s", Installer.INTERFACE);
        @SuppressWarnings("unchecked")
        Map<String, Variant<?>> all = (Map<String, Variant<?>>) reply.getParameters()[0];
        apply(all, List.of(), reply.getSerial());
    }

    /** The match rule of the subscription; another handler added with it runs after this cache's (same queue). */
    public DBusMatchRule matchRule() {
        if (rule == null) {
            throw new IllegalStateException("open() first");
        }
        return rule;
    }

    @Override
    public Object read(String property) throws DBusException {
        Entry entry = cache.get(property);
        if (entry != null && entry.present()) {
            return entry.value();
        }
        return GetEachTime.unwrap(Calls.get(conn, property).getParameters()[0]);
    }

    private void onSignal(DBusSignal signal) {
        if (!applySignals) {
            return;
        }
        try {
            Object[] args = signal.getParameters();
            if (args.length < 3 || !Installer.INTERFACE.equals(args[0])) {
                return;
            }
            @SuppressWarnings("unchecked")
            Map<String, Variant<?>> changed = (Map<String, Variant<?>>) args[1];
            @SuppressWarnings("unchecked")
            List<String> invalidated = (List<String>) args[2];
            apply(changed, invalidated, signal.getSerial());
        } catch (DBusException e) {
            // An unreadable signal: drop what we know rather than serve a value that may be stale.
            cache.clear();
        }
    }

    private void apply(Map<String, Variant<?>> changed, List<String> invalidated, long serial) {
        changed.forEach((name, value) -> keepNewer(name, new Entry(value.getValue(), serial, true)));
        invalidated.forEach(name -> keepNewer(name, new Entry(null, serial, false)));
    }

    private void keepNewer(String name, Entry candidate) {
        cache.merge(name, candidate, (old, neu) -> neu.serial() > old.serial() ? neu : old);
    }
}
