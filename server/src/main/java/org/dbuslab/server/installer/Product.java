package org.dbuslab.server.installer;

import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.annotations.Position;

/** One element of AvailableBaseProducts: the D-Bus struct (ss) = (id, display name). */
public final class Product extends Struct {

    @Position(0)
    private final String id;
    @Position(1)
    private final String name;

    public Product(String id, String name) {
        this.id = id;
        this.name = name;
    }

    public String getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
