package org.dbuslab.scenarios.reads;

import org.dbuslab.scenarios.bus.Calls;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.types.Variant;

/** Strategy "get": one Properties.Get round trip per read; always fresh, never cached. */
public final class GetEachTime implements PropertySource {

    private final DBusConnection conn;

    public GetEachTime(DBusConnection conn) {
        this.conn = conn;
    }

    @Override
    public void open() {
        // nothing to prepare: every read asks the service
    }

    @Override
    public Object read(String property) throws DBusException {
        return unwrap(Calls.get(conn, property).getParameters()[0]);
    }

    /** A Get reply carries a variant; callers want what is inside. */
    public static Object unwrap(Object value) {
        return value instanceof Variant<?> v ? v.getValue() : value;
    }
}
