package org.dbuslab.server.installer;

import org.freedesktop.dbus.TypeRef;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.annotations.DBusProperty;
import org.freedesktop.dbus.annotations.DBusProperty.Access;
import org.freedesktop.dbus.annotations.PropertiesEmitsChangedSignal.EmitChangeSignal;
import org.freedesktop.dbus.interfaces.DBusInterface;

import java.util.List;

/**
 * The mock's D-Bus interface. The property annotations only feed the introspection XML (ruby-dbus builds its
 * proxy from it); reads and writes go through org.freedesktop.DBus.Properties, implemented by the service.
 */
@DBusInterfaceName(InstallerContract.INTERFACE)
@DBusProperty(name = InstallerContract.AVAILABLE_BASE_PRODUCTS, type = Software1.ProductList.class, access = Access.READ,
    emitChangeSignal = EmitChangeSignal.CONST)
@DBusProperty(name = InstallerContract.SELECTED_BASE_PRODUCT, type = String.class, access = Access.READ_WRITE)
@SuppressWarnings("checkstyle:methodname")
public interface Software1 extends DBusInterface {

    /** Selects the base product {@code id} (one of AvailableBaseProducts), as the real service's method does. */
    void SelectProduct(String id);

    /** a(ss), for the introspection data. */
    interface ProductList extends TypeRef<List<Product>> {
    }
}
