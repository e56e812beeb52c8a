package org.dbuslab.runner.exec;

import org.dbuslab.format.ControlProtocol;
import org.dbuslab.testkit.CiRequirement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Allocation per call on real processes, read the way the session runner's CellRunner does: on a private
 * dbus-daemon, the real client jar's done line says what the client JVM allocated during the run, and the real Java
 * server's allocation probe (--alloc-socket, which Services gives it), read right before and right after the run,
 * what the server's threads did; dbus-test-tool echo, the libdbus echo cell's server, is no JVM and has no probe.
 */
class AllocationRealRunIT {

    private static final int CALLS = 400;
    private static final int PAYLOAD = 10_000;

    @TempDir
    Path dir;

    @Test
    void aJavaCellHasBothSidesAllocationsALibdbusEchoCellOnlyItsClients() throws Exception {
        LabLayout layout = RealBus.layout();
        RealBus.requireJars(layout);
        CiRequirement.require(Services.onPath("dbus-test-tool"),
            "dbus-test-tool not installed (Debian package dbus-tests)");
        JavaRuntime java = JavaRuntime.fromEnvironment(Map.of());
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(2), m -> { })) {
            Services services = RealBus.withDaemon(supervisor, layout, java, dir.resolve("logs"), "lab-al.");
            services.spawnJavaServer("dbus-daemon", "dbus-daemon");
            services.awaitServers(s -> { }, s -> { });
            CiRequirement.require(services.startLibdbusEcho("dbus-daemon"), "dbus-test-tool echo did not start");
            Service bus = services.get("bus:dbus-daemon").orElseThrow();
            Service server = services.get("srv:dbus-daemon").orElseThrow();
            Service echo = services.get("echo:dbus-daemon").orElseThrow();
            assertNull(server.check());
            Path latency = Files.createDirectories(dir.resolve("latency"));
            CpuMeter meter = new CpuMeter(new CpuClock());

            // dbus-java>dbus-java: the lab's client and server, sync, 10000 B
            ClientProcess javaCell = ClientProcess.start(supervisor, "client-java",
                Launch.of(dir.resolve("client-java"), ClientCommand.java(java, layout, List.of(), bus.address(), false,
                    null, "dbus-daemon", "sync", latency.resolve("java.hlog"))));
            javaCell.awaitReady(Duration.ofSeconds(60));
            OptionalLong before = server.allocatedBytes();
            ControlProtocol.Done done = clean(javaCell.run(new ControlProtocol.Run("measure", "m.java", PAYLOAD, 1,
                CALLS, 1), Duration.ofSeconds(60), meter, bus.cpuPids(), server.cpuPids()));
            OptionalLong after = server.allocatedBytes();
            assertTrue(before.isPresent() && after.isPresent(), "the Java server's probe answers: " + before + after);
            long serverBytes = after.getAsLong() - before.getAsLong();
            // the client writes each payload into arrays it keeps from run to run (PayloadRings); the server echoes
            // each call's bytes from its receive buffer to its send buffer (docs/DESIGN.md, the hot messages): neither
            // makes a payload array per call
            assertTrue(done.allocatedBytes() > 0 && done.allocatedBytes() < (long) CALLS * PAYLOAD / 2,
                "client allocated " + done.allocatedBytes());
            assertTrue(serverBytes > 0 && serverBytes < (long) CALLS * PAYLOAD / 2, "server allocated " + serverBytes);
            long idle = server.allocatedBytes().orElseThrow() - after.getAsLong();
            assertTrue(idle < (long) CALLS * PAYLOAD / 10,
                "between runs the server (its probe excluded) allocates next to nothing: " + idle);

            // dbus-java>libdbus: the Java client's spam calls, answered by dbus-test-tool echo
            ClientProcess libdbusCell = ClientProcess.start(supervisor, "client-libdbus",
                Launch.of(dir.resolve("client-libdbus"), ClientCommand.java(java, layout, List.of(), bus.address(),
                    false, Services.LIBDBUS_ECHO_NAME, "dbus-daemon", "sync", latency.resolve("libdbus.hlog"))));
            libdbusCell.awaitReady(Duration.ofSeconds(60));
            ControlProtocol.Done spam = clean(libdbusCell.run(new ControlProtocol.Run("measure", "m.libdbus", PAYLOAD,
                1, CALLS, 2), Duration.ofSeconds(60), meter, bus.cpuPids(), echo.cpuPids()));
            assertTrue(spam.allocatedBytes() > 0 && spam.allocatedBytes() < (long) CALLS * PAYLOAD / 2,
                "client allocated " + spam.allocatedBytes());
            assertEquals(OptionalLong.empty(), echo.allocatedBytes(), "libdbus's echo is no JVM: no server allocation");
            assertTrue(javaCell.quit(Duration.ofSeconds(10)) & libdbusCell.quit(Duration.ofSeconds(10)));
        }
    }

    private static ControlProtocol.Done clean(ClientProcess.Outcome outcome) {
        assertEquals(ClientProcess.Ending.DONE, outcome.ending(), outcome.problem());
        ControlProtocol.Done done = outcome.done();
        assertEquals(CALLS, done.calls());
        assertEquals(0, done.lost() + done.mismatched() + done.errors(), String.valueOf(done.problem()));
        return done;
    }
}
