package org.dbuslab.stock;

import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.spi.message.ISocketProvider;
import org.freedesktop.dbus.transport.jre.NativeTransportProvider;
import org.junit.jupiter.api.Test;

import java.util.ServiceLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The version row is built and run against dbus-java 5.1.1, core and transport alike, and without lab-io. */
class VersionRowTest {

    @Test
    void dbusJavaIsTheRowsVersion() {
        for (Class<?> type : new Class<?>[] {AbstractConnection.class, NativeTransportProvider.class}) {
            String jar = type.getProtectionDomain().getCodeSource().getLocation().getPath();
            assertTrue(jar.endsWith("-5.1.1.jar"), type.getName() + " comes from " + jar);
        }
        assertEquals(0, ServiceLoader.load(ISocketProvider.class).stream().count(), "no socket provider: no lab-io");
    }
}
