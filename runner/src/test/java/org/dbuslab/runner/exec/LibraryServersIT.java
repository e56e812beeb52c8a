package org.dbuslab.runner.exec;

import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.Library;
import org.dbuslab.testkit.CiRequirement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The GLib and sd-bus servers (peers/build, make -C peers) started and supervised as services on a private dbus-daemon
 * and p2p-unix, driven over the control channel by the clients the runner starts, with every component's CPU; the stock
 * client's argument list (its jar is built in branch stock) run by the C clients and the lab's Java client, which take
 * the same options; a server that dies is reported in one line.
 */
class LibraryServersIT {

    @TempDir
    Path dir;

    @Test
    void libraryServersAndClientsRunOverTheControlChannelAndADeadServerIsReported() throws Exception {
        LabLayout layout = RealBus.layout();
        RealBus.requireJars(layout);
        JavaRuntime java = JavaRuntime.fromEnvironment(Map.of());
        LibraryPrograms programs = new LibraryPrograms(layout.repo(), Map.of(), java);
        for (Library lib : List.of(Library.GLIB, Library.SDBUS)) {
            CiRequirement.require(programs.missing(lib) == null, programs.missing(lib) + " (make -C peers)");
        }
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(2), m -> { })) {
            Services services = RealBus.withDaemon(supervisor, layout, java, dir.resolve("logs"), "lab-ls.");
            String busAddress = services.get("bus:dbus-daemon").orElseThrow().address();
            services.spawnLibraryServer("glib:dbus-daemon", "dbus-daemon", programs.server(Library.GLIB, busAddress, null));
            services.spawnLibraryServer("sdbus:dbus-daemon", "dbus-daemon", programs.server(Library.SDBUS, busAddress, null));
            services.spawnLibraryServer("glib:p2p-unix", "p2p-unix",
                programs.server(Library.GLIB, null, "unix:path=" + services.socket("glib-p2p-unix.sock")));
            List<String> failed = new ArrayList<>();
            services.awaitServers(s -> { }, s -> failed.add(s.name() + ": " + s.check()));
            assertEquals(List.of(), failed);
            assertTrue(Services.nameOwned(busAddress, Library.GLIB.busName()));
            assertTrue(Services.nameOwned(busAddress, Library.SDBUS.busName()));
            Service glib = services.get("glib:dbus-daemon").orElseThrow();
            Service p2p = services.get("glib:p2p-unix").orElseThrow();
            assertTrue(p2p.address().startsWith("unix:"), p2p.address());
            List<Long> busPids = services.get("bus:dbus-daemon").orElseThrow().cpuPids();
            CpuMeter meter = new CpuMeter(new CpuClock());

            Path latency = dir.resolve("latency");
            Files.createDirectories(latency);
            // the runner's own commands: sd-bus -> GLib server on the bus, GLib -> GLib server peer-to-peer
            drive(supervisor, "sdbus", programs.client(Library.SDBUS, busAddress, false, Library.GLIB.busName(), "async",
                128, 1000, latency.resolve("s.hlog")), meter, busPids, glib.cpuPids(), true);
            drive(supervisor, "glib-p2p", programs.client(Library.GLIB, p2p.address(), true, null, "sync", 1, 1000,
                latency.resolve("g.hlog")), meter, List.of(), p2p.cpuPids(), false);
            // the stock client's argument list, as the contract gives it, run by the GLib client and the lab's client
            List<String> stockArgs = LibraryPrograms.clientArgs(Library.DBUS_JAVA_STOCK, busAddress, false,
                Library.SDBUS.busName(), "sync", 1, 1000, latency.resolve("x.hlog"));
            List<String> asGlib = new ArrayList<>(List.of(programs.peerProgram("glib-echo-client").toString()));
            asGlib.addAll(stockArgs);
            drive(supervisor, "stock-args-glib", asGlib, meter, busPids, services.get("sdbus:dbus-daemon").orElseThrow()
                .cpuPids(), true);
            List<String> stockArgsJava = LibraryPrograms.clientArgs(Library.DBUS_JAVA_STOCK, busAddress, false,
                Library.GLIB.busName(), "async", 16, 1000, latency.resolve("j.hlog"));
            drive(supervisor, "stock-args-java", java.jar(layout.clientJar(), List.of(), stockArgsJava), meter, busPids,
                glib.cpuPids(), true);

            // supervised like the Java server: a server that dies is noticed with one line
            assertNull(glib.check());
            ProcessHandle server = ProcessHandle.of(glib.cpuPids().get(0)).orElseThrow();
            server.destroyForcibly();
            server.onExit().get();
            String why = glib.check();
            assertTrue(why != null && why.startsWith("glib server (glib:dbus-daemon) exited mid-session"), why);
            assertTrue(!why.contains("\n"), why);
            assertTrue(glib.diedMidSession());
        }
    }

    /** Starts COMMAND as a persistent client, makes one clean run of 300 calls with every component's CPU, quits. */
    private void drive(Supervisor supervisor, String name, List<String> command, CpuMeter meter, List<Long> bus,
                       List<Long> server, boolean onBus) throws Exception {
        ClientProcess client = ClientProcess.start(supervisor, name, Launch.of(dir.resolve(name), command));
        client.awaitReady(Duration.ofSeconds(60));
        int window = command.contains("async") ? 16 : 1;
        ClientProcess.Outcome run = client.run(new ControlProtocol.Run("measure", name + ".b1", 1000, window, 300, 7),
            Duration.ofSeconds(60), meter, bus, server);
        assertEquals(ClientProcess.Ending.DONE, run.ending(), name + ": " + run.problem());
        ControlProtocol.Done done = run.done();
        assertEquals(300, done.calls(), name);
        assertEquals(0, done.lost() + done.mismatched() + done.errors(), name + ": " + done.problem());
        assertTrue(run.cpu().clientNs().orElseThrow() > 0, name + " client CPU " + run.cpu());
        assertTrue(run.cpu().serverNs().orElseThrow() > 0, name + " server CPU " + run.cpu());
        if (onBus) {
            assertTrue(run.cpu().busNs().orElseThrow() > 0, name + " bus CPU " + run.cpu());
        }
        assertTrue(client.quit(Duration.ofSeconds(10)), name + " quits cleanly");
    }
}
