package org.dbuslab.runner.scale;

import org.dbuslab.format.ControlProtocol;
import org.dbuslab.runner.exec.ClientCommand;
import org.dbuslab.runner.exec.ClientProcess;
import org.dbuslab.runner.exec.CpuClock;
import org.dbuslab.runner.exec.CpuMeter;
import org.dbuslab.runner.exec.CpuPlacement;
import org.dbuslab.runner.exec.JavaRuntime;
import org.dbuslab.runner.exec.LabLayout;
import org.dbuslab.runner.exec.Launch;
import org.dbuslab.runner.exec.Service;
import org.dbuslab.runner.exec.Services;
import org.dbuslab.runner.exec.ShortTemp;
import org.dbuslab.runner.exec.Supervisor;
import org.dbuslab.testkit.LabPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.dbuslab.testkit.CiRequirement.require;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scale session's second network namespace, for real and short (seconds): the lab makes two namespaces joined
 * by a veth pair, starts dbus-daemon-tcp (lab/bus.sh, LAB_BUS_TCP_HOST) and the Java server in one and the Java
 * client in the other, makes a run of verified calls across them, and after the supervisor has closed, the
 * namespaces and their veth pair are gone. Not root, or no ip: skipped with the reason, and under CI=true failed.
 */
class NetnsRoundTripIT {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aDbusDaemonTcpRoundTripCrossesTheVethPairAndNothingIsLeftAfterwards(@TempDir Path dir) throws Exception {
        boolean ci = NetnsSupport.ci(System.getenv());
        Optional<Path> ipPath = NetnsSupport.findIp(System.getenv("PATH"), Files::isExecutable);
        IpNetns ip = ipPath.map(IpNetns::new).orElse(null);
        NetnsSupport.Decision decision = NetnsSupport.decide(
            NetnsSupport.effectiveUid(Files.readAllLines(Path.of("/proc/self/status"))), ipPath,
            ip != null && ip.hasNetns(), ci);
        require(decision.measure(), decision.reason());
        LabLayout layout = LabLayout.of(LabPaths.repositoryRoot());
        for (Path jar : List.of(layout.serverJar(), layout.clientJar())) {
            require(Files.exists(jar), "missing " + jar + " (mvn -B -q -pl e2e -am verify builds it)");
        }
        require(Files.isExecutable(Path.of("/usr/bin/dbus-daemon")) || Files.isExecutable(Path.of("/bin/dbus-daemon")),
            "dbus-daemon is not installed");

        NetnsPair pair = NetnsPair.of("it" + ProcessHandle.current().pid());
        JavaRuntime java = JavaRuntime.fromEnvironment(Map.of());
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(2), m -> { })) {
            supervisor.onClose("ip netns delete", () -> ip.delete(pair));
            try {
                ip.create(pair);
            } catch (IpNetns.Failed e) {
                NetnsSupport.Decision failed = NetnsSupport.failedToMake(e.getMessage(), ci);
                require(false, failed.reason());
            }
            assertTrue(ip.exists(pair.clientNs()) && ip.exists(pair.busNs()), "both namespaces listed");
            Path tmp = ShortTemp.create(Path.of("/tmp"), "lab-ns.");
            supervisor.onClose("tmp", () -> {
                try {
                    LabPaths.deleteTree(tmp);
                } catch (IOException e) {
                    // temp
                }
            });
            Services services = new Services(supervisor, layout, java, CpuPlacement.Pinning.NONE, tmp, dir.resolve("logs"),
                m -> { });
            String label = ScaleSession.netnsLabel("dbus-daemon-tcp");
            boolean up = services.startBus("dbus-daemon-tcp", label, Map.of("LAB_BUS_TCP_HOST", pair.busAddress()),
                pair.inBusNs(ip.ip()));
            require(up, "dbus-daemon-tcp did not start in " + pair.busNs() + ": "
                + services.blocker(List.of("bus:" + label)));
            Service bus = services.get("bus:" + label).orElseThrow();
            assertTrue(bus.address().startsWith("tcp:host=" + pair.busAddress() + ","), bus.address());
            services.spawnJavaServer("dbus-daemon-tcp", label, pair.inBusNs(ip.ip()), pair.p2pListen());
            services.awaitServers(s -> { }, s -> { });
            Service server = services.get("srv:" + label).orElseThrow();
            assertNull(server.check());

            Path latency = dir.resolve("latency/client.hlog");
            Files.createDirectories(latency.getParent());
            List<String> command = new ArrayList<>(pair.inClientNs(ip.ip()));
            command.addAll(ClientCommand.java(java, layout, List.of(), bus.address(), false, null, "dbus-daemon-tcp",
                "sync", latency));
            ClientProcess client = ClientProcess.start(supervisor, "client", Launch.of(dir.resolve("client"), command));
            client.awaitReady(Duration.ofSeconds(60));
            long sentBefore = txBytes(ip, pair.clientNs(), pair.clientLink());
            ClientProcess.Outcome o = client.run(new ControlProtocol.Run("measure", "measure-1-w1", 1000, 1, 200, 1),
                Duration.ofSeconds(60), new CpuMeter(new CpuClock()), bus.cpuPids(), server.cpuPids());
            assertEquals(ClientProcess.Ending.DONE, o.ending(), o.problem());
            ControlProtocol.Done done = o.done();
            assertEquals(200, done.calls());
            assertEquals(0, done.lost() + done.mismatched() + done.errors(), String.valueOf(done.problem()));
            assertTrue(o.cpu().busNs().orElseThrow() > 0, "the bus's CPU is read in its namespace: " + o.cpu());
            // the calls went over the veth pair: 200 calls of 1000 B left the client's end
            long sent = txBytes(ip, pair.clientNs(), pair.clientLink()) - sentBefore;
            assertTrue(sent >= 200 * 1000, "bytes sent on " + pair.clientLink() + ": " + sent);
            client.quit(Duration.ofSeconds(5));
        }
        assertFalse(ip.exists(pair.clientNs()), pair.clientNs() + " removed");
        assertFalse(ip.exists(pair.busNs()), pair.busNs() + " removed");
        assertFalse(Files.exists(Path.of("/run/netns", pair.clientNs())));
        // the veth pair went with its namespaces, and none of it was ever in the machine's own namespace
        Process link = new ProcessBuilder(ip.ip().toString(), "link", "show", "dev", pair.clientLink())
            .redirectErrorStream(true).start();
        link.getInputStream().readAllBytes();
        assertTrue(link.waitFor() != 0, pair.clientLink() + " is not in the machine's namespace");
    }

    /** The bytes LINK in namespace NS has sent (its counter, read inside the namespace). */
    private static long txBytes(IpNetns ip, String ns, String link) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(ip.ip().toString(), "netns", "exec", ns, "cat",
            "/sys/class/net/" + link + "/statistics/tx_bytes").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, p.waitFor(), out);
        return Long.parseLong(out);
    }
}
