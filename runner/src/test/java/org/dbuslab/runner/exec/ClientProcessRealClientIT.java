package org.dbuslab.runner.exec;

import org.dbuslab.format.ControlProtocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real client jar in --control mode, driven by ClientProcess, against the real server on a private dbus-daemon. */
class ClientProcessRealClientIT {

    @TempDir
    Path dir;

    @Test
    void runsOverTheControlChannelWithEveryComponentsCpuAndReportsADeadBus() throws Exception {
        LabLayout layout = RealBus.layout();
        RealBus.requireJars(layout);
        JavaRuntime java = JavaRuntime.fromEnvironment(Map.of());
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(2), m -> { })) {
            Services services = RealBus.withDaemon(supervisor, layout, java, dir.resolve("logs"), "lab-cp.");
            services.spawnJavaServer("dbus-daemon", "dbus-daemon");
            services.awaitServers(s -> { }, s -> { });
            Service bus = services.get("bus:dbus-daemon").orElseThrow();
            Service server = services.get("srv:dbus-daemon").orElseThrow();
            assertEquals(null, server.check());

            Path latency = dir.resolve("latency/client.hlog");
            Files.createDirectories(latency.getParent());
            ClientProcess client = ClientProcess.start(supervisor, "client", Launch.of(dir.resolve("client"),
                ClientCommand.java(java, layout, List.of(), bus.address(), false, null, "dbus-daemon", "async", latency)));
            client.awaitReady(Duration.ofSeconds(60));
            CpuMeter meter = new CpuMeter(new CpuClock());

            ClientProcess.Outcome first = client.run(new ControlProtocol.Run("warmup", "w.b1", 1000, 16, 300, 1),
                Duration.ofSeconds(60), meter, bus.cpuPids(), server.cpuPids());
            assertEquals(ClientProcess.Ending.DONE, first.ending(), first.problem());
            ControlProtocol.Done done = first.done();
            assertEquals("w.b1", done.tag());
            assertEquals(300, done.calls());
            assertEquals(0, done.lost() + done.mismatched() + done.errors(), String.valueOf(done.problem()));
            assertTrue(done.elapsedNanos() > 0 && done.jitMillis() >= 0, done.toString());
            assertTrue(first.cpu().clientNs().orElseThrow() > 0, "client CPU " + first.cpu());
            assertTrue(first.cpu().busNs().orElseThrow() > 0, "bus CPU " + first.cpu());
            assertTrue(first.cpu().serverNs().orElseThrow() > 0, "server CPU " + first.cpu());
            assertTrue(Files.size(latency) > 0, "latencies appended under the run's tag");

            // the bus dies: the client answers with the run's calls counted as failed, or dies; never hangs
            ProcessHandle daemon = ProcessHandle.of(bus.cpuPids().get(0)).orElseThrow();
            daemon.destroyForcibly();
            daemon.onExit().get();
            long t0 = System.nanoTime();
            ClientProcess.Outcome afterDeath = client.run(new ControlProtocol.Run("measure", "m.b2", 1000, 16, 300, 2),
                Duration.ofSeconds(60), meter, List.of(), server.cpuPids());
            assertTrue((System.nanoTime() - t0) / 1e9 < 40, "bounded");
            if (afterDeath.finished()) {
                ControlProtocol.Done d = afterDeath.done();
                assertTrue(d.lost() + d.errors() > 0, "calls over a dead bus are counted: " + d);
            } else {
                assertEquals(ClientProcess.Ending.DIED, afterDeath.ending(), afterDeath.problem());
            }
            ClientProcess.Outcome next = client.run(new ControlProtocol.Run("measure", "m.b3", 1000, 16, 300, 3),
                Duration.ofSeconds(60), meter, List.of(), List.of());
            assertEquals(ClientProcess.Ending.DIED, next.ending(), "a client whose connection died runs no more");
            assertFalse(client.quit(Duration.ofSeconds(5)));
        }
    }
}
