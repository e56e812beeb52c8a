package org.dbuslab.scenarios.reads;

import org.freedesktop.dbus.connections.impl.DBusConnection;

import java.util.Arrays;
import java.util.function.Function;

/** The read strategies, by the names used on the command line and in the results. */
public enum Strategy {
    GET("get", GetEachTime::new),
    INTROSPECT_GET("introspect-get", IntrospectThenGet::new),
    CACHED("cached", CachedProperties::create),
    /** The deliberately broken cache (ignores PropertiesChanged): only for the freshness self-test. */
    CACHED_IGNORING_SIGNALS("cached-ignoring-signals", CachedProperties::ignoringSignals);

    private final String label;
    private final Function<DBusConnection, PropertySource> factory;

    Strategy(String label, Function<DBusConnection, PropertySource> factory) {
        this.label = label;
        this.factory = factory;
    }

    public String label() {
        return label;
    }

    public PropertySource on(DBusConnection conn) {
        return factory.apply(conn);
    }

    public static Strategy of(String label) {
        return Arrays.stream(values()).filter(s -> s.label.equals(label)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("unknown strategy '" + label + "' (known: "
                + String.join(", ", Arrays.stream(values()).map(Strategy::label).toList()) + ")"));
    }

    @Override
    public String toString() {
        return label;
    }
}
