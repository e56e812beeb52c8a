package org.dbuslab.scenarios.it;

import org.dbuslab.scenarios.monitor.BusctlMonitor;
import org.dbuslab.testkit.ForeignTool;
import org.dbuslab.scenarios.support.MockOnBus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mock as foreign clients see it: introspection data, property types, writes and the change signal. */
class InstallerMockForeignClientIT {

    private static final String N = "org.opensuse.DInstaller.Software";
    private static final String P = "/org/opensuse/DInstaller/Software1";
    private static final String I = "org.opensuse.DInstaller.Software1";

    @ParameterizedTest
    @ValueSource(strings = {"dbus-daemon", "dbus-broker"})
    void busctlSeesTheInterfaceTypesAndWritableSelection(String transport) throws Exception {
        try (MockOnBus bus = MockOnBus.start(transport, 7)) {
            ForeignTool.Result intro = busctl(bus, "introspect", N, P, I);
            assertEquals(0, intro.exitCode(), intro.stderr());
            assertTrue(intro.stdout().matches("(?s).*\\.AvailableBaseProducts\\s+property\\s+a\\(ss\\)\\s+7 \"Tumbleweed\".*"),
                intro.stdout());
            assertTrue(intro.stdout().matches("(?s).*\\.SelectedBaseProduct\\s+property\\s+s\\s+\"Tumbleweed\"\\s+emits-change writable.*"),
                intro.stdout());
            assertTrue(intro.stdout().matches("(?s).*\\.SelectProduct\\s+method\\s+s\\s.*"), intro.stdout());
            // The Properties interface must be in the XML: ruby-dbus looks it up there before calling Get.
            ForeignTool.Result props = busctl(bus, "introspect", N, P, "org.freedesktop.DBus.Properties");
            assertTrue(props.stdout().contains(".PropertiesChanged"), props.stdout());

            try (BusctlMonitor monitor = BusctlMonitor.start(bus.address(), 10_000)) {
                assertEquals(0, busctl(bus, "set-property", N, P, I, "SelectedBaseProduct", "s", "Leap").exitCode());
                assertTrue(monitor.await(m -> m.isSignal() && "PropertiesChanged".equals(m.member())
                    && "org.freedesktop.DBus.Properties".equals(m.iface()) && I.equals(m.arg0()), 5_000),
                    "PropertiesChanged seen on the bus: " + monitor.messages());
            }
            assertEquals("s \"Leap\"", busctl(bus, "get-property", N, P, I, "SelectedBaseProduct").stdout().strip());
            assertEquals(0, busctl(bus, "call", N, P, I, "SelectProduct", "s", "MicroOS").exitCode());
            assertEquals("s \"MicroOS\"", busctl(bus, "get-property", N, P, I, "SelectedBaseProduct").stdout().strip());
            assertTrue(busctl(bus, "call", N, P, I, "SelectProduct", "s", "NoSuchProduct").exitCode() != 0);
            assertTrue(busctl(bus, "set-property", N, P, I, "AvailableBaseProducts", "a(ss)", "0").exitCode() != 0);
            assertEquals(2, bus.mock().service().changes());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dbus-daemon", "dbus-broker"})
    void dbusPythonReadsTypedValuesAndWrites(String transport) throws Exception {
        try (MockOnBus bus = MockOnBus.start(transport, 12)) {
            String script = String.join("\n",
                "import dbus, sys",
                "b = dbus.bus.BusConnection(sys.argv[1])",
                "o = b.get_object('" + N + "', '" + P + "')",
                "v = o.Get('" + I + "', 'AvailableBaseProducts', dbus_interface=dbus.PROPERTIES_IFACE)",
                "print(v.signature, len(v), v[0][0], v[0][1])",
                "print(type(o.Get('" + I + "', 'SelectedBaseProduct', dbus_interface=dbus.PROPERTIES_IFACE)).__name__)",
                "o.Set('" + I + "', 'SelectedBaseProduct', 'SLES', dbus_interface=dbus.PROPERTIES_IFACE)",
                "print(o.Get('" + I + "', 'SelectedBaseProduct', dbus_interface=dbus.PROPERTIES_IFACE))");
            ForeignTool.Result r = ForeignTool.run(List.of(python(), "-c", script, bus.address()));
            assertEquals(0, r.exitCode(), r.stderr());
            List<String> lines = r.stdout().strip().lines().toList();
            assertEquals("(ss) 12 Tumbleweed openSUSE Tumbleweed", lines.get(0));
            assertEquals("String", lines.get(1));
            assertEquals("SLES", lines.get(2));
        }
    }

    private static ForeignTool.Result busctl(MockOnBus bus, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("busctl", "--address=" + bus.address()));
        command.addAll(List.of(args));
        return ForeignTool.run(command);
    }

    /** Debian's python3 has dbus-python; a python3 earlier on PATH (pyenv) may not. */
    static String python() {
        return new java.io.File("/usr/bin/python3").canExecute() ? "/usr/bin/python3" : "python3";
    }
}
