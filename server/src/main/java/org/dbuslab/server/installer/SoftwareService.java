package org.dbuslab.server.installer;

import org.freedesktop.dbus.errors.InvalidMethodArgument;
import org.freedesktop.dbus.errors.PropertyReadOnly;
import org.freedesktop.dbus.errors.UnknownInterface;
import org.freedesktop.dbus.errors.UnknownProperty;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.interfaces.Properties;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.types.Variant;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The exported object /org/opensuse/DInstaller/Software1: the two properties of the studied service, read through
 * org.freedesktop.DBus.Properties, with SelectedBaseProduct writable by SelectProduct(s) or Properties.Set.
 * Every change emits PropertiesChanged. Signal and state change happen under one lock, so signals leave in the
 * order of the changes and a GetAll reply never overtakes a signal about an older value.
 */
public final class SoftwareService implements Software1, Properties {

    /** Where PropertiesChanged goes: the connection in production, a list in unit tests. */
    @FunctionalInterface
    public interface SignalSink {
        void send(DBusSignal signal);
    }

    private final List<Product> products;
    private final Variant<List<Product>> productsVariant;
    private final Set<String> productIds;
    private final SignalSink signals;
    private String selected;
    private long changes;

    public SoftwareService(List<Product> products, SignalSink signals) {
        if (products.isEmpty()) {
            throw new IllegalArgumentException("at least one product is needed");
        }
        this.products = List.copyOf(products);
        // The explicit signature: a List alone does not tell dbus-java its element type.
        this.productsVariant = new Variant<>(this.products, InstallerContract.AVAILABLE_BASE_PRODUCTS_SIGNATURE);
        this.productIds = this.products.stream().map(Product::getId).collect(Collectors.toUnmodifiableSet());
        this.signals = signals;
        this.selected = this.products.get(0).getId();
    }

    @Override
    public void SelectProduct(String id) {
        select(id);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized <A> A Get(String interfaceName, String propertyName) {
        checkInterface(interfaceName);
        return (A) switch (propertyName) {
            case InstallerContract.AVAILABLE_BASE_PRODUCTS -> productsVariant;
            case InstallerContract.SELECTED_BASE_PRODUCT -> new Variant<>(selected);
            default -> throw new UnknownProperty("no property '" + propertyName + "' on " + interfaceName);
        };
    }

    @Override
    public <A> void Set(String interfaceName, String propertyName, A value) {
        checkInterface(interfaceName);
        switch (propertyName) {
            case InstallerContract.SELECTED_BASE_PRODUCT -> {
                Object plain = value instanceof Variant<?> v ? v.getValue() : value;
                if (!(plain instanceof String id)) {
                    throw new InvalidMethodArgument(propertyName + " is a string (s), got " + describe(plain));
                }
                select(id);
            }
            case InstallerContract.AVAILABLE_BASE_PRODUCTS -> throw new PropertyReadOnly(propertyName + " is read-only");
            default -> throw new UnknownProperty("no property '" + propertyName + "' on " + interfaceName);
        }
    }

    @Override
    public synchronized Map<String, Variant<?>> GetAll(String interfaceName) {
        checkInterface(interfaceName);
        Map<String, Variant<?>> all = new LinkedHashMap<>();
        all.put(InstallerContract.AVAILABLE_BASE_PRODUCTS, productsVariant);
        all.put(InstallerContract.SELECTED_BASE_PRODUCT, new Variant<>(selected));
        return all;
    }

    /** The current selection (for tests and diagnostics). */
    public synchronized String selected() {
        return selected;
    }

    /** How many times SelectedBaseProduct changed (= PropertiesChanged signals emitted). */
    public synchronized long changes() {
        return changes;
    }

    @Override
    public String getObjectPath() {
        return InstallerContract.OBJECT_PATH;
    }

    private synchronized void select(String id) {
        if (!productIds.contains(id)) {
            throw new InvalidMethodArgument("unknown product '" + id + "'");
        }
        if (id.equals(selected)) {
            return; // no change, no signal (as a property that did not change)
        }
        selected = id;
        changes++;
        try {
            signals.send(new PropertiesChanged(InstallerContract.OBJECT_PATH, InstallerContract.INTERFACE,
                Map.of(InstallerContract.SELECTED_BASE_PRODUCT, new Variant<>(id)), List.of()));
        } catch (DBusException e) {
            throw new DBusExecutionException("cannot emit PropertiesChanged: " + e.getMessage(), e);
        }
    }

    private static void checkInterface(String interfaceName) {
        if (!InstallerContract.INTERFACE.equals(interfaceName)) {
            throw new UnknownInterface("no interface '" + interfaceName + "' with properties here");
        }
    }

    private static String describe(Object value) {
        return value == null ? "nothing" : value.getClass().getSimpleName();
    }
}
