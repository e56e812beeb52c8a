package org.dbuslab.api;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/** dbus-java view of libdbus's spam interface: {@code com.example.Spam}, answered with an empty reply. */
@DBusInterfaceName(SpamContract.INTERFACE)
public interface Spam extends DBusInterface {
    /** {@code dbus-test-tool spam --bytes}. */
    void Spam(byte[] payload);

    /** {@code dbus-test-tool spam --string} (its default). */
    void Spam(String payload);
}
