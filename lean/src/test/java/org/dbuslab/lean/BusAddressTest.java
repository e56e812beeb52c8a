package org.dbuslab.lean;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class BusAddressTest {

    @Test
    void theLabsAddressesAndTheSystemBusDefault() throws Failure {
        assertEquals("/tmp/lean-t/b.QyB6/bus.sock",
            BusAddress.socketPath("unix:path=/tmp/lean-t/b.QyB6/bus.sock,guid=293b2808c9a2f5ee035f01c86b1488ac"));
        assertEquals("/var/run/dbus/system_bus_socket", BusAddress.socketPath(null));
        assertEquals("/var/run/dbus/system_bus_socket", BusAddress.socketPath(""));
    }

    @Test
    void theFirstUnixPathOfAListWithItsValueUnescaped() throws Failure {
        assertEquals("/run/my bus/ü",
            BusAddress.socketPath("tcp:host=127.0.0.1,port=1;unix:abstract=x;unix:guid=1,path=/run/my%20bus/%c3%bc;unix:path=/b"));
    }

    @Test
    void whatTheJdksUnixChannelsCannotReachIsRefused() {
        assertEquals("no unix:path= entry in D-Bus address 'tcp:host=localhost,port=4711' (this client speaks unix sockets only)",
            assertThrows(Failure.class, () -> BusAddress.socketPath("tcp:host=localhost,port=4711")).getMessage());
        assertThrows(Failure.class, () -> BusAddress.socketPath("unix:abstract=/tmp/dbus-x"));
        assertThrows(Failure.class, () -> BusAddress.socketPath("unix:path="));
        assertThrows(Failure.class, () -> BusAddress.socketPath("unix:path=/a%2"));
        assertThrows(Failure.class, () -> BusAddress.socketPath("garbage"));
    }
}
