package org.dbuslab.server.installer;

import org.freedesktop.dbus.errors.InvalidMethodArgument;
import org.freedesktop.dbus.errors.PropertyReadOnly;
import org.freedesktop.dbus.errors.UnknownInterface;
import org.freedesktop.dbus.errors.UnknownProperty;
import org.freedesktop.dbus.interfaces.Properties;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.types.Variant;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SoftwareServiceTest {

    private final List<DBusSignal> signals = new ArrayList<>();
    private final SoftwareService service = new SoftwareService(ProductCatalog.of(5), signals::add);
    private static final String I = InstallerContract.INTERFACE;

    @Test
    void everyChangeEmitsOnePropertiesChangedAndNoChangeNone() {
        service.Set(I, InstallerContract.SELECTED_BASE_PRODUCT, new Variant<>("Leap"));
        service.SelectProduct("MicroOS");
        service.SelectProduct("MicroOS");
        assertEquals(2, signals.size());
        Properties.PropertiesChanged last = (Properties.PropertiesChanged) signals.get(1);
        assertEquals(I, last.getInterfaceName());
        assertEquals("MicroOS", last.getPropertiesChanged().get(InstallerContract.SELECTED_BASE_PRODUCT).getValue());
        assertEquals(InstallerContract.OBJECT_PATH, last.getPath());
        assertEquals(2, service.changes());
    }

    @Test
    void readsCarryTheDeclaredTypes() {
        Variant<?> products = service.Get(I, InstallerContract.AVAILABLE_BASE_PRODUCTS);
        assertEquals("a(ss)", products.getSig());
        assertEquals(5, ((List<?>) products.getValue()).size());
        assertEquals("s", ((Variant<?>) service.Get(I, InstallerContract.SELECTED_BASE_PRODUCT)).getSig());
        assertEquals(List.of(InstallerContract.AVAILABLE_BASE_PRODUCTS, InstallerContract.SELECTED_BASE_PRODUCT),
            List.copyOf(service.GetAll(I).keySet()));
    }

    @Test
    void badRequestsGetDBusErrors() {
        assertThrows(InvalidMethodArgument.class, () -> service.SelectProduct("Windows"));
        assertThrows(InvalidMethodArgument.class, () -> service.Set(I, InstallerContract.SELECTED_BASE_PRODUCT, 42));
        assertThrows(PropertyReadOnly.class, () -> service.Set(I, InstallerContract.AVAILABLE_BASE_PRODUCTS, List.of()));
        assertThrows(UnknownProperty.class, () -> service.Get(I, "Nope"));
        assertThrows(UnknownInterface.class, () -> service.GetAll("org.example.Other"));
        assertEquals(0, signals.size());
    }

    @Test
    void catalogHasDistinctIdsAndBounds() {
        List<Product> many = ProductCatalog.of(50);
        assertEquals(50, many.stream().map(Product::getId).distinct().count());
        assertEquals("Tumbleweed", many.get(0).getId());
        assertThrows(IllegalArgumentException.class, () -> ProductCatalog.of(0));
        assertThrows(IllegalArgumentException.class, () -> ProductCatalog.of(ProductCatalog.MAX_COUNT + 1));
    }
}
