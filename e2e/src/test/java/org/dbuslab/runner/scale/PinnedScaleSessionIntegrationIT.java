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
 * The scale session in the one-cpu placement, small: idle clients parked, every process's CPU checked each block,
 * remote busctl's path pinned. A class of its own, apart from {@link ScaleSessionIntegrationIT}, so that the two
 * sessions (most of e2e's wall time, spent starting JVMs and waiting on timed runs) run in parallel forks.
 */
class PinnedScaleSessionIntegrationIT {

    @Test
    @Timeout(value = 420, unit = TimeUnit.SECONDS)
    void aPinnedScaleSessionParksTheIdleClientsAndChecksEveryProcessEachBlock(@TempDir Path dir) throws Exception {
        LabLayout layout = LabLayout.of(LabPaths.repositoryRoot());
        require(Files.exists(ScaleSession.scaleJar(layout.repo())), "missing the scale jar");
        require(Files.isExecutable(Path.of("/usr/bin/taskset")), "taskset is not installed");
        require(org.dbuslab.runner.exec.Services.onPath("systemd-stdio-bridge"),
            "systemd-stdio-bridge is not installed (Debian package systemd)");
        Path out = dir.resolve("scale");
        Clock clock = Clock.systemUTC();
        var config = SessionOptions.parse(clock, "--scale", "--placement", "one-cpu", "--out", out.toString(),
            "--order-seed", "8").config();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        SessionLog log = new SessionLog(new PrintStream(err, true, StandardCharsets.UTF_8), clock);
        SessionOptions.createOut(out);
        int code = new ScaleSession(config, ScaleSettings.SMALL, layout, TestJvm.leanLabEnvironment(), log, clock)
            .run(out);
        String progress = err.toString(StandardCharsets.UTF_8);
        require(!progress.contains("[skip] dbus-daemon:"), "a bus did not start: " + progress);
        assertEquals(0, code, progress);
        assertTrue(progress.contains("placement: one-cpu: client, bus and server on CPU "), progress);
        String sessionLog = Files.readString(out.resolve("logs/session.log"));
        assertTrue(sessionLog.contains("placement one-cpu checked at block 1: "), sessionLog);
        List<ScaleRunsCsv.Row> measured = ScaleRunsCsv.read(out.resolve(ScaleRunsCsv.FILE)).stream()
            .filter(ScaleRunsCsv.Row::measured).toList();
        assertTrue(measured.stream().anyMatch(r -> r.transport().equals("dbus-daemon-bridge") && r.delayMs() == 1.0),
            "remote busctl's path, pinned");
        assertTrue(measured.stream().allMatch(ScaleRunsCsv.Row::clean), "every measured run clean: " + measured);
        assertTrue(java.util.regex.Pattern.compile("\"placement\"\\s*:\\s*\"one-cpu\"")
            .matcher(Files.readString(out.resolve("environment.json"))).find(), "environment.json names the placement");
    }
}
