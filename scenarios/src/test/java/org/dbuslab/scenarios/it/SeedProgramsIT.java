package org.dbuslab.scenarios.it;

import org.dbuslab.testkit.TestJvm;

import org.dbuslab.testkit.ForeignTool;
import org.dbuslab.testkit.LabPaths;
import org.dbuslab.scenarios.support.MockOnBus;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog's programs against the mock: the seed's Ruby script runs unchanged (ruby-dbus from Debian, with the
 * shim that lets it honour DBUS_SYSTEM_BUS_ADDRESS), and so does the Java cold-start CLI. Without ruby-dbus the
 * Ruby test is skipped with the reason (install the Debian package ruby-dbus).
 */
class SeedProgramsIT {

    @Test
    void rubyDbusSeedScriptPrintsTheProducts() throws Exception {
        Assumptions.assumeTrue(ForeignTool.run(List.of("sh", "-c", "command -v ruby && ruby -e 'require \"dbus\"'"))
            .exitCode() == 0, "ruby-dbus not installed (Debian package ruby-dbus): the ruby-dbus contender is skipped");
        Path seed = LabPaths.repositoryRoot().resolve("lab/scenarios/seed");
        try (MockOnBus bus = MockOnBus.start("dbus-daemon", 5)) {
            ForeignTool.Result r = ForeignTool.run(List.of("env", "DBUS_SYSTEM_BUS_ADDRESS=" + bus.address(), "ruby", "-r",
                seed.resolve("system_bus_from_env.rb").toString(), seed.resolve("cold_start.rb").toString()));
            assertEquals(0, r.exitCode(), r.stderr());
            assertTrue(r.stdout().startsWith("output: [[\"Tumbleweed\", \"openSUSE Tumbleweed\"], [\"Leap\""), r.stdout());
        }
    }

    @Test
    void javaCliPrintsTheProductsFromTheSystemBusVariable() throws Exception {
        try (MockOnBus bus = MockOnBus.start("dbus-broker", 3)) {
            List<String> command = new java.util.ArrayList<>(List.of("env", "DBUS_SYSTEM_BUS_ADDRESS=" + bus.address()));
            command.addAll(TestJvm.java());
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.dbuslab.scenarios.cli.GetProducts"));
            ForeignTool.Result r = ForeignTool.run(command);
            assertEquals(0, r.exitCode(), r.stderr());
            assertEquals("output: [(\"Tumbleweed\", \"openSUSE Tumbleweed\"), (\"Leap\", \"openSUSE Leap 15.5\"), "
                + "(\"MicroOS\", \"openSUSE MicroOS\")]", r.stdout().strip());
        }
    }
}
