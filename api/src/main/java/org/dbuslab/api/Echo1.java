package org.dbuslab.api;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/** dbus-java view of {@code org.dbuslab.Echo1}; the server exports it. */
@DBusInterfaceName(EchoContract.INTERFACE)
public interface Echo1 extends DBusInterface {
    /** Returns exactly the bytes received. */
    byte[] Echo(byte[] payload);
}
