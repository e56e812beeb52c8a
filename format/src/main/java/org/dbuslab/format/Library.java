package org.dbuslab.format;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A D-Bus library on one end of a pair (ROUND2.md's names), with the bus name its server owns. The runs.csv pair
 * label is {@code CLIENT>SERVER} of these labels.
 */
public enum Library {
    LIBDBUS("libdbus", "com.example.LabEcho"),
    /** The lab's lean dbus-java path (client and server modules). */
    DBUS_JAVA("dbus-java", "org.dbuslab.Echo"),
    /** dbus-java as shipped (interface proxy, exported object, default settings; branch stock). */
    DBUS_JAVA_STOCK("dbus-java-stock", "org.dbuslab.Echo.Stock"),
    GLIB("glib", "org.dbuslab.Echo.Glib"),
    SDBUS("sd-bus", "org.dbuslab.Echo.Sdbus"),
    /** The raw-socket floor: JDK channels, no D-Bus. */
    JDK("jdk", "");

    /** What --libraries may name: the clients of the libraries series. */
    public static final List<Library> CLIENTS = List.of(LIBDBUS, DBUS_JAVA, DBUS_JAVA_STOCK, GLIB, SDBUS);

    private final String label;
    private final String busName;

    Library(String label, String busName) {
        this.label = label;
        this.busName = busName;
    }

    public String label() {
        return label;
    }

    /** The name its echo server owns on a bus (clients pick the server with --dest NAME). */
    public String busName() {
        return busName;
    }

    public static Optional<Library> ofLabel(String label) {
        return Arrays.stream(values()).filter(l -> l.label.equals(label)).findFirst();
    }

    @Override
    public String toString() {
        return label;
    }
}
