package org.dbuslab.runner.exec;

import org.dbuslab.format.Route;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RouteCommandTest {

    private static final String BUS = "unix:path=/tmp/x/bus.sock,guid=0123";
    private static final Path SOCKET = Path.of("/tmp/x/route.sock");

    @Test
    void theProxyFiltersAndLetsClientsTalkOnlyToTheEchoName() {
        assertEquals(List.of("xdg-dbus-proxy", BUS, "/tmp/x/route.sock", "--filter", "--talk=org.dbuslab.Echo"),
            RouteCommand.of(Route.PROXY, BUS, SOCKET));
    }

    @Test
    void sdbusRefusedByTheProxyNamesTheKnownCauseAndNothingElseDoes() {
        assertTrue(Services.knownCause(Route.PROXY).contains("github.com/flatpak/xdg-dbus-proxy/issues/21"));
        assertEquals("", Services.knownCause(Route.BRIDGE));
    }

    @Test
    void theBridgeRunsOnePerAcceptedConnectionOnItsStdio() {
        assertEquals(List.of("systemd-socket-activate", "--inetd", "--accept", "--listen=/tmp/x/route.sock",
            "systemd-stdio-bridge", "--bus-path=" + BUS), RouteCommand.of(Route.BRIDGE, BUS, SOCKET));
        assertTrue(RouteCommand.perConnection(Route.BRIDGE));
    }

    @Test
    void eachProgramNamesItsDebianPackage() {
        assertEquals("xdg-dbus-proxy", RouteCommand.programs(Route.PROXY).get(0)[1]);
        assertTrue(RouteCommand.programs(Route.BRIDGE).stream().allMatch(p -> p[1].equals("systemd")));
        assertThrows(IllegalArgumentException.class, () -> RouteCommand.of(Route.DIRECT, BUS, SOCKET));
    }
}
