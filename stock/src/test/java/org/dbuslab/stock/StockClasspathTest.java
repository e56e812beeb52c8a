package org.dbuslab.stock;

import org.freedesktop.dbus.spi.message.ISocketProvider;
import org.freedesktop.dbus.spi.transport.ITransportProvider;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.ServiceLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** dbus-java as shipped: the stock module's classpath holds none of the lab's I/O, so dbus-java uses its own. */
class StockClasspathTest {

    @Test
    void dbusJavaFindsNoSocketProviderOfTheLab() {
        List<String> providers = ServiceLoader.load(ISocketProvider.class).stream()
            .map(p -> p.type().getName()).toList();
        assertTrue(providers.stream().noneMatch(name -> name.startsWith("org.dbuslab")), providers.toString());
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.dbuslab.labio.LabSocketProvider"));
    }

    @Test
    void theOnlyTransportIsDbusJavasNativeUnixSocket() {
        List<String> transports = ServiceLoader.load(ITransportProvider.class).stream()
            .map(p -> p.type().getName()).toList();
        assertEquals(List.of("org.freedesktop.dbus.transport.jre.NativeTransportProvider"), transports);
    }
}
