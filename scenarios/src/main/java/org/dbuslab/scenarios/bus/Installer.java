package org.dbuslab.scenarios.bus;

/**
 * The studied service as a client sees it (names from the Agama blog, REFERENCE.md §2). Deliberately a copy, not
 * a dependency on the server module: the scenarios are a foreign client of the mock, like ruby-dbus and busctl.
 */
public final class Installer {

    public static final String BUS_NAME = "org.opensuse.DInstaller.Software";
    public static final String OBJECT_PATH = "/org/opensuse/DInstaller/Software1";
    public static final String INTERFACE = "org.opensuse.DInstaller.Software1";
    public static final String AVAILABLE_BASE_PRODUCTS = "AvailableBaseProducts";
    public static final String SELECTED_BASE_PRODUCT = "SelectedBaseProduct";

    public static final String PROPERTIES = "org.freedesktop.DBus.Properties";
    public static final String INTROSPECTABLE = "org.freedesktop.DBus.Introspectable";

    private Installer() {
    }
}
