package org.dbuslab.format;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TransportRouteTest {

    @Test
    void aProxyPathLeadsToItsBusAndRunsThatBusProgram() {
        Transport t = Transport.via(Transport.DBUS_BROKER, Route.PROXY);
        assertEquals(Transport.DBUS_BROKER_PROXY, t);
        assertEquals(Transport.DBUS_BROKER, t.destination());
        assertEquals(Transport.DBUS_BROKER, t.implementation());
        assertTrue(t.isBus());
        assertEquals("dbus-broker-proxy", t.label());
    }

    @Test
    void aPolicyBusIsItsOwnDestinationOnItsBusProgram() {
        Transport t = Transport.withRules(Transport.DBUS_DAEMON, 10000);
        assertEquals(Transport.DBUS_DAEMON_RULES10000, t);
        assertEquals(t, t.destination());
        assertEquals(Transport.DBUS_DAEMON, t.implementation());
        assertEquals(10000, t.policyRules());
        assertEquals(Route.DIRECT, t.route());
        assertEquals(Transport.DBUS_DAEMON, Transport.withRules(Transport.DBUS_DAEMON, 0));
    }

    @Test
    void theSessionTransportsAreTheirOwnEverything() {
        for (Transport t : Transport.SELECTABLE) {
            assertEquals(t, t.destination());
            assertEquals(t, t.implementation());
            assertEquals(0, t.policyRules());
        }
    }

    @Test
    void anUnknownCombinationIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Transport.via(Transport.P2P_UNIX, Route.BRIDGE));
        assertThrows(IllegalArgumentException.class, () -> Transport.withRules(Transport.DBUS_BROKER, 7));
    }

    @Test
    void everyLabelIsAControlTagAndReadsBack() {
        for (Transport t : Transport.values()) {
            assertTrue(t.label().matches("[A-Za-z0-9._-]+"), t.label());
            assertEquals(t, Transport.ofLabel(t.label()).orElseThrow());
        }
    }
}
