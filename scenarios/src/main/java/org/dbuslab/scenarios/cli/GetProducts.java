package org.dbuslab.scenarios.cli;

import org.dbuslab.scenarios.bus.Installer;
import org.dbuslab.scenarios.bus.Products;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.interfaces.Properties;

/**
 * The Java contender of the cold-start scenario: the seed's small CLI in Java. Connects to the system bus
 * (DBUS_SYSTEM_BUS_ADDRESS, as the seed's programs), reads AvailableBaseProducts once through dbus-java's
 * Properties proxy (the plain way, like zbus's Proxy::get_property), prints it, exits.
 * Its own main class, without picocli, so the measured start-up is only what such a CLI needs.
 */
public final class GetProducts {

    private GetProducts() {
    }

    public static void main(String[] args) throws Exception {
        try (DBusConnection conn = DBusConnectionBuilder.forSystemBus().build()) {
            Properties props = conn.getRemoteObject(Installer.BUS_NAME, Installer.OBJECT_PATH, Properties.class);
            Object products = props.Get(Installer.INTERFACE, Installer.AVAILABLE_BASE_PRODUCTS);
            System.out.println(Products.outputLine(Products.decode(products)));
        }
    }
}
