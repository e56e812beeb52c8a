package org.dbuslab.runner.scale;

import org.dbuslab.format.ScaleRunsCsv;
import org.dbuslab.runner.exec.LabLayout;
import org.dbuslab.runner.options.SessionOptions;
import org.dbuslab.runner.session.SessionLog;
import org.dbuslab.testkit.LabPaths;
import org.dbuslab.testkit.TestJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.dbuslab.testkit.CiRequirement.require;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scale session end to end, small: real dbus-daemon, dbus-broker and dbus-daemon-tcp (lab/bus.sh), the Java
 * servers, relays and clients of the real jars; every series in scale-runs.csv, every call and signal verified,
 * the report's sections (the relay at D = 0 and the second network namespace among them), and nothing left running
 * (the namespaces removed). Under CI=true a bus that cannot start fails the test.
 * It lives in e2e, which is built after every jar it runs (the analysis jar included, which the runner's module
 * does not depend on), in the runner's package, whose internals it drives.
 * <p>
 * One session, in the one-cpu placement: pinned, it runs every step a free session runs, and besides parks the idle
 * clients and checks every process's CPUs each block. A free session of its own beside it cost CI 124 s of a fork
 * (its 33 JVMs and timed runs); what it alone ran, the free placement's few lines without a PlacementSwitch
 * (ScaleSession), no longer runs end to end.
 */
class ScaleSessionIntegrationIT {

    @Test
    // a hang guard, not a speed: at load 30-37 on the 2-core box the session took more than 180 s
    @Timeout(value = 420, unit = TimeUnit.SECONDS)
    void aSmallPinnedScaleSessionMeasuresEverySeriesAndStopsEverything(@TempDir Path dir) throws Exception {
        LabLayout layout = LabLayout.of(LabPaths.repositoryRoot());
        for (Path jar : List.of(layout.serverJar(), layout.clientJar(), layout.analysisJar(),
            ScaleSession.scaleJar(layout.repo()))) {
            require(Files.exists(jar), "missing " + jar + " (mvn -B -q -pl e2e -am verify builds it)");
        }
        require(Files.isExecutable(Path.of("/usr/bin/dbus-daemon")) || Files.isExecutable(Path.of("/bin/dbus-daemon")),
            "dbus-daemon is not installed");
        require(Files.isExecutable(Path.of("/usr/bin/taskset")), "taskset is not installed");
        require(org.dbuslab.runner.exec.Services.onPath("systemd-stdio-bridge")
            && org.dbuslab.runner.exec.Services.onPath("systemd-socket-activate"),
            "systemd-stdio-bridge or systemd-socket-activate is not installed (Debian package systemd)");
        Path out = dir.resolve("scale");
        Clock clock = Clock.systemUTC();
        var config = SessionOptions.parse(clock, "--scale", "--placement", "one-cpu", "--out", out.toString(),
            "--order-seed", "7").config();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        SessionLog log = new SessionLog(new PrintStream(err, true, StandardCharsets.UTF_8), clock);
        SessionOptions.createOut(out);
        ScaleSession session = new ScaleSession(config, ScaleSettings.SMALL, layout, TestJvm.leanLabEnvironment(), log,
            clock);
        int code = session.run(out);
        String progress = err.toString(StandardCharsets.UTF_8);
        require(!progress.contains("[skip] dbus-daemon:") && !progress.contains("[skip] dbus-broker:"),
            "a bus did not start: " + progress);
        assertEquals(0, code, progress);
        assertTrue(progress.contains("placement: one-cpu: client, bus and server on CPU "), progress);
        assertTrue(Files.readString(out.resolve("logs/session.log")).contains("placement one-cpu checked at block 1: "),
            "every process's CPUs checked at the first block");
        assertTrue(java.util.regex.Pattern.compile("\"placement\"\\s*:\\s*\"one-cpu\"")
            .matcher(Files.readString(out.resolve("environment.json"))).find(), "environment.json names the placement");

        List<ScaleRunsCsv.Row> rows = ScaleRunsCsv.read(out.resolve(ScaleRunsCsv.FILE));
        List<ScaleRunsCsv.Row> measured = rows.stream().filter(ScaleRunsCsv.Row::measured).toList();
        assertTrue(measured.stream().allMatch(ScaleRunsCsv.Row::clean), "every measured run clean: " + measured);
        for (String t : ScalePlan.CLIENT_TRANSPORTS) {
            assertTrue(measured.stream().anyMatch(r -> r.series().equals("clients") && r.transport().equals(t)
                && r.clients() == 2), "clients N=2 on " + t);
        }
        assertTrue(measured.stream().anyMatch(r -> r.series().equals("clients") && r.transport().equals("dbus-broker")
            && r.cpuBusNanos() > 0), "the bus's CPU is read per run");
        for (String bus : ScalePlan.SIGNAL_BUSES) {
            assertTrue(measured.stream().anyMatch(r -> r.series().equals("signals") && r.transport().equals(bus)
                && r.subscribers() == 4 && r.matchRules() == 0 && r.count() == 4L * ScaleSettings.SMALL.signals()));
            assertTrue(measured.stream().anyMatch(r -> r.series().equals("signals") && r.transport().equals(bus)
                && r.matchRules() == 64 && r.idleConnections() == 1));
        }
        for (String t : ScalePlan.DISTANCE_TARGETS) {
            assertTrue(measured.stream().anyMatch(r -> r.series().equals("distance") && r.transport().equals(t)
                && r.delayMs() == 1.0), "distance through the relay to " + t);
            assertTrue(measured.stream().anyMatch(r -> r.series().equals("distance") && r.transport().equals(t)
                && r.delayMs() == 0 && r.route().equals("relay") && r.cpuRelayNanos() > 0), "the relay at D = 0 to " + t);
        }
        // the second network namespace: measured (as root with ip), else one skipped.tsv line per target and mode
        List<ScaleRunsCsv.Row> netns = measured.stream().filter(r -> r.route().equals("netns")).toList();
        if (netns.isEmpty()) {
            // not root or no ip, and not CI (there the session fails, above)
            assertTrue(Files.readString(out.resolve("skipped.tsv")).contains("p2p-tcp netns-sync\t"), progress);
        } else {
            assertEquals(java.util.Set.of("dbus-daemon-tcp", "p2p-tcp"),
                netns.stream().map(ScaleRunsCsv.Row::transport).collect(java.util.stream.Collectors.toSet()));
            assertTrue(progress.contains("second network namespace: dbuslab-"), progress);
        }
        // the relay really delays: a sync round trip through a 1 ms line takes at least 2 ms
        ScaleRunsCsv.Row raw = measured.stream().filter(r -> r.series().equals("distance")
            && r.transport().equals("raw-tcp") && r.delayMs() == 1.0).findFirst().orElseThrow();
        assertTrue(raw.elapsedNanos() / raw.count() >= 2_000_000, "µs/call through 1 ms: " + raw);
        assertTrue(raw.cpuRelayNanos() > 0, "the relay's CPU is read: " + raw);
        // every distance run has its per-call p50/p99 from its client's latency log; through 1 ms at least 2·D
        assertTrue(rows.stream().filter(r -> r.series().equals("distance"))
            .allMatch(r -> r.p50Nanos() > 0 && r.p99Nanos() >= r.p50Nanos()), "p50/p99 of every distance run: " + rows);
        assertTrue(raw.p50Nanos() >= 2_000_000, "p50 through 1 ms: " + raw);
        assertTrue(Files.isRegularFile(out.resolve(ScaleRunsCsv.distanceLatencyLog("raw-tcp", 1.0, "sync"))));

        String report = Files.readString(out.resolve("report.md"));
        for (String title : List.of("Many clients", "Signals and match rules", "At a distance",
            "The relay's own floor and check", "Second network namespace")) {
            assertTrue(report.contains(title), title + " in report.md");
        }
        assertTrue(report.contains("| µs/call | p50 µs | p99 µs | bound calls/s |"), "the distance table's p50/p99");
        assertTrue(!progress.contains("warning: latency log"), progress);
        for (String line : Files.readAllLines(out.resolve("logs/processes.tsv"))) {
            long pid = Long.parseLong(line.split("\t")[1]);
            assertTrue(ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true), "still running: " + line);
        }
        NetnsPair pair = NetnsPair.forSession(System.getenv(), ProcessHandle.current().pid());
        assertTrue(!Files.exists(Path.of("/run/netns", pair.clientNs())) && !Files.exists(Path.of("/run/netns", pair.busNs())),
            "the namespaces are removed");
    }
}
