package org.dbuslab.scenarios.reads;

import org.freedesktop.dbus.exceptions.DBusException;

/** One way of reading a property of the installer object: a read strategy of the property-reads scenario. */
public interface PropertySource {

    /** Whatever the strategy needs before the first read (nothing, or subscribe + GetAll). */
    void open() throws DBusException;

    /** The current value of {@code property} as this strategy sees it (plain Java value, variant unwrapped). */
    Object read(String property) throws DBusException;
}
