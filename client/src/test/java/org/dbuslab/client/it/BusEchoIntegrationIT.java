package org.dbuslab.client.it;

import org.dbuslab.api.EchoContract;
import org.dbuslab.client.callpath.DbusJavaConnector;
import org.dbuslab.client.callpath.EchoCallPath;
import org.dbuslab.client.run.EchoRun;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;
import org.dbuslab.testkit.ForeignTool;
import org.dbuslab.testkit.PrivateBus;
import org.dbuslab.server.BusEchoServer;
import org.dbuslab.server.EchoService;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Java server and client on real private buses: dbus-daemon, dbus-broker and dbus-daemon over TCP. */
class BusEchoIntegrationIT {

    private static final long TIMEOUT = 10_000_000_000L;

    @ParameterizedTest
    @ValueSource(strings = {"dbus-daemon", "dbus-broker", "dbus-daemon-tcp"})
    void syncAndPipelinedCallsAreEchoedExactly(String transport) throws Exception {
        try (PrivateBus bus = PrivateBus.start(transport);
             BusEchoServer server = BusEchoServer.start(bus.address(), new EchoService());
             EchoCallPath path = DbusJavaConnector.connect(bus.address(), false, EchoContract.BUS_NAME)) {
            for (int size : new int[] {0, 1000, 10_000}) {
                for (int window : new int[] {1, 64}) {
                    RunResult result = new EchoRun(path, window, TIMEOUT).run(200, new PayloadGenerator(size, size + window));
                    assertTrue(result.clean(), transport + " " + size + " B window " + window + ": " + result);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dbus-daemon", "dbus-broker", "dbus-daemon-tcp"})
    void standardToolsCanCallTheJavaServer(String transport) throws Exception {
        try (PrivateBus bus = PrivateBus.start(transport);
             BusEchoServer server = BusEchoServer.start(bus.address(), new EchoService())) {
            ForeignTool.Result gdbus = ForeignTool.run(List.of("gdbus", "call", "--address", bus.address(),
                "--dest", EchoContract.BUS_NAME, "--object-path", EchoContract.OBJECT_PATH,
                "--method", EchoContract.INTERFACE + ".Echo", "[byte 0x01, 0x02, 0xff]"));
            assertEquals(0, gdbus.exitCode(), gdbus.stderr());
            assertEquals("([byte 0x01, 0x02, 0xff],)", gdbus.stdout().strip());

            ForeignTool.Result ping = ForeignTool.run(List.of("gdbus", "call", "--address", bus.address(),
                "--dest", EchoContract.BUS_NAME, "--object-path", EchoContract.OBJECT_PATH,
                "--method", "org.freedesktop.DBus.Peer.Ping"));
            assertEquals(0, ping.exitCode(), ping.stderr());

            ForeignTool.Result introspect = ForeignTool.run(List.of("gdbus", "introspect", "--address", bus.address(),
                "--dest", EchoContract.BUS_NAME, "--object-path", EchoContract.OBJECT_PATH));
            assertEquals(0, introspect.exitCode(), introspect.stderr());
            assertTrue(introspect.stdout().contains("interface " + EchoContract.INTERFACE), introspect.stdout());

            if (!transport.endsWith("-tcp")) { // busctl speaks unix sockets only
                ForeignTool.Result busctl = ForeignTool.run(List.of("busctl", "--address=" + bus.address(), "call",
                    EchoContract.BUS_NAME, EchoContract.OBJECT_PATH, EchoContract.INTERFACE, "Echo", "ay", "3", "7", "8", "9"));
                assertEquals(0, busctl.exitCode(), busctl.stderr());
                assertEquals("ay 3 7 8 9", busctl.stdout().strip());
            }
        }
    }
}
