package org.dbuslab.runner.exec;

import org.dbuslab.testkit.CiRequirement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The session's services on a real dbus-daemon: start, readiness, death detection, spam runs. */
class ServicesIT {

    @TempDir
    Path dir;

    private final List<String> said = new CopyOnWriteArrayList<>();

    private Services services(Supervisor supervisor) throws Exception {
        Path tmp = Files.createTempDirectory("lab-svc");
        supervisor.onClose("tmp", () -> deleteQuietly(tmp));
        return new Services(supervisor, RealBus.layout(), JavaRuntime.fromEnvironment(Map.of()), CpuPlacement.Pinning.NONE, tmp,
            dir.resolve("logs"), said::add);
    }

    @Test
    void busServerEchoAndRawServerStartAndADeathIsNoticed() throws Exception {
        RealBus.requireJars(RealBus.layout());
        Supervisor supervisor = new Supervisor(Duration.ofSeconds(2), said::add);
        try (supervisor) {
            Services services = services(supervisor);
            boolean bus = services.startBus("dbus-daemon", "dbus-daemon", Map.of());
            CiRequirement.require(bus, "dbus-daemon: " + services.blocker(List.of("bus:dbus-daemon")));
            services.spawnJavaServer("dbus-daemon", "dbus-daemon");
            services.spawnRawServer("raw-unix");
            List<String> failed = new CopyOnWriteArrayList<>();
            services.awaitServers(s -> { }, s -> failed.add(s.name() + ": " + s.check()));
            assertEquals(List.of(), failed);
            String busAddress = services.get("bus:dbus-daemon").orElseThrow().address();
            assertTrue(busAddress.startsWith("unix:path="), busAddress);
            assertEquals(busAddress, services.get("srv:dbus-daemon").orElseThrow().address(), "ready <bus address>");
            assertTrue(services.get("raw:raw-unix").orElseThrow().address().startsWith("unix:path="));
            assertTrue(Services.nameOwned(busAddress, Services.JAVA_ECHO_NAME));
            CiRequirement.require(services.startLibdbusEcho("dbus-daemon"), "dbus-test-tool echo did not start");
            assertNull(services.blocker(List.of("bus:dbus-daemon", "srv:dbus-daemon", "echo:dbus-daemon")));

            List<Long> busPids = services.get("bus:dbus-daemon").orElseThrow().cpuPids();
            assertEquals(1, busPids.size(), "dbus-daemon is one process");
            assertTrue(new CpuClock().nanos(busPids).orElseThrow() > 0);

            // the Java server dies: its cells are blocked with its last words, as dying mid-session
            Service server = services.get("srv:dbus-daemon").orElseThrow();
            kill(server.cpuPids().get(0));
            String why = services.blocker(List.of("bus:dbus-daemon", "srv:dbus-daemon"));
            assertTrue(why.startsWith("srv server (srv:dbus-daemon) exited mid-session"), why);
            assertTrue(server.diedMidSession());

            // the bus dies: noticed from bus.sh's pid file
            kill(busPids.get(0));
            String busWhy = services.blocker(List.of("bus:dbus-daemon"));
            assertTrue(busWhy.startsWith("bus died mid-session: dbus-daemon:bus (pid " + busPids.get(0)
                + ") is no longer running"), busWhy);
        }
        assertTrue(Files.exists(dir.resolve("logs/dbus-daemon/bus/bus.log")), "bus logs kept after down");
        assertTrue(Files.readString(dir.resolve("logs/dbus-daemon/server.cmd")).contains("--bus unix:path="));
        for (Child c : supervisor.children()) {
            assertFalse(c.alive());
        }
    }

    @Test
    void dbusBrokerCountsItsLauncherAndBroker() throws Exception {
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(2), said::add)) {
            Services services = services(supervisor);
            boolean bus = services.startBus("dbus-broker", "dbus-broker", Map.of());
            CiRequirement.require(bus, "dbus-broker: " + services.blocker(List.of("bus:dbus-broker")));
            assertEquals(2, services.get("bus:dbus-broker").orElseThrow().cpuPids().size(), "launcher + broker");
        }
    }

    @Test
    void spamRunsAreTimedFromOutsideAndTheirErrorsAndHangsCounted() throws Exception {
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(2), said::add)) {
            Services services = services(supervisor);
            CiRequirement.require(services.startBus("dbus-daemon", "dbus-daemon", Map.of()),
                "dbus-daemon did not start");
            CiRequirement.require(services.startLibdbusEcho("dbus-daemon"), "dbus-test-tool echo did not start");
            String address = services.get("bus:dbus-daemon").orElseThrow().address();
            Path scratch = Files.createDirectories(dir.resolve("scratch"));
            Path payload = new PayloadFiles(scratch).of(1000);
            assertEquals(1000, Files.size(payload));
            Path errLog = dir.resolve("spam.err");
            // dbus-test-tool spam itself: SpamRun times any program with spam's options and error lines
            SpamRun spam = new SpamRun(supervisor, RealBus.layout().timedRun(), scratch, Duration.ofSeconds(2),
                CpuPlacement.Cpus.ANY, List.of("dbus-test-tool", "spam"), false);

            SpamRun.Result ok = spam.once(address, Services.LIBDBUS_ECHO_NAME, 200, 8, payload, errLog, "measure 1");
            assertTrue(ok.ok(), ok.toString());
            assertEquals(0, ok.errors());
            assertTrue(ok.elapsedNs() > 0 && ok.cpuNs() > 0, ok.toString());
            assertTrue(ok.cpuNs() < ok.elapsedNs() * 2, "one process's CPU within its wall time: " + ok);
            assertEquals(-1, ok.callsNs(), "dbus-test-tool spam cannot time its calls");

            SpamRun.Result nobody = spam.once(address, "com.example.Nobody", 3, 1, payload, errLog, "measure 2");
            assertTrue(nobody.ok(), "spam exits 0 on error replies");
            assertEquals(3, nobody.errors(), "each error reply counted");

            Child hole = supervisor.start("hole", Launch.of(dir.resolve("hole"),
                List.of("dbus-test-tool", "black-hole", "--name=com.example.Hole"))
                .withEnvironment("DBUS_SESSION_BUS_ADDRESS", address));
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!Services.nameOwned(address, "com.example.Hole") && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            long t0 = System.nanoTime();
            SpamRun.Result hung = spam.once(address, "com.example.Hole", 5, 1, payload, errLog, "measure 3");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(hung.timedOut(), hung.toString());
            assertEquals(124, hung.status());
            assertEquals(5, hung.errors(), "a hung spam's calls are all errors");
            assertTrue(ms < 2000 + 5000 + 3000, "killed within timeout + grace, took " + ms + " ms");
            supervisor.stop(hole);
            SpamRun.Result after = spam.once(address, Services.LIBDBUS_ECHO_NAME, 10, 1, payload, errLog, "measure 4");
            assertTrue(after.ok() && after.errors() == 0, "the timer goes on after a timed-out command: " + after);
            assertEquals(1, spam.timerProcesses(), "one timer process for every run");
            spam.close();

            String log = Files.readString(errLog);
            assertTrue(log.contains("== measure 1: exit 0, ") && log.contains("== measure 3: exit 124, "), log);
            assertTrue(log.contains(SpamRun.FAILED_REPLY));
        }
    }

    @Test
    void serverWarmupCallsAreCappedByBytes() {
        assertEquals(20_000, ServerWarmup.callsFor(0));
        assertEquals(20_000, ServerWarmup.callsFor(1000));
        assertEquals(2_000, ServerWarmup.callsFor(100_000));
        assertEquals(1, ServerWarmup.callsFor(67_108_864 * 4));
    }

    private static void kill(long pid) throws Exception {
        ProcessHandle h = ProcessHandle.of(pid).orElseThrow();
        h.destroyForcibly();
        h.onExit().get();
    }

    private static void deleteQuietly(Path p) {
        try {
            org.dbuslab.testkit.LabPaths.deleteTree(p);
        } catch (java.io.IOException e) {
            // a temp folder
        }
    }
}
