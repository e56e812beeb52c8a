package org.dbuslab.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A bus that dies mid-session: the session says so, fails (exit 1) and ends; it never hangs on it. */
class DeadBusLabRunIT {

    @TempDir
    Path tmp;

    @Test
    void aKilledBusFailsItsCellsAndTheSessionGoesOn() throws Exception {
        Path out = tmp.resolve("results");
        Path log = tmp.resolve("run-all.log");
        Process lab = LabRun.start(log, "--no-build", "--transports", "dbus-daemon,p2p-unix", "--modes", "sync",
            "--sizes", "1000", "--no-reference", "--no-sweep", "--blocks", "40", "--calls", "100", "--scenarios", "none",
            "--libraries", "none", "--lkml-runs", "0", "--paths", "none", "--placement", "free",
            "--out", out.toString());
        try {
            Path csv = out.resolve("runs.csv");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (lines(csv) < 6 && System.nanoTime() < deadline && lab.isAlive()) {
                Thread.sleep(100);
            }
            assertTrue(lab.isAlive(), "the session ended too soon:\n" + LabRun.read(log));
            ProcessHandle daemon = ProcessHandle.allProcesses()
                .filter(p -> p.info().command().orElse("").endsWith("dbus-daemon"))
                .filter(p -> p.info().commandLine().orElse("").contains(tmp.toString()))
                .findFirst().orElseThrow(() -> new AssertionError("no dbus-daemon of this session"));
            daemon.destroyForcibly();

            assertTrue(lab.waitFor(180, TimeUnit.SECONDS), "the session must end, not hang:\n" + LabRun.read(log));
            assertEquals(1, lab.exitValue(), LabRun.read(log));
            String skipped = Files.readString(out.resolve("skipped.tsv"));
            assertTrue(skipped.startsWith("dbus-daemon\t") && skipped.contains("dbus-daemon"), skipped);
            assertTrue(skipped.contains("bus died mid-session") || skipped.contains("client"), skipped);
            List<String> rows = Files.readAllLines(csv);
            assertTrue(rows.stream().filter(r -> r.startsWith("p2p-unix,")).count() >= 40, "p2p-unix went on: " + rows.size());
            assertTrue(Files.exists(out.resolve("report.md")), "the report is still written");
        } finally {
            lab.destroyForcibly();
        }
    }

    private static int lines(Path file) throws java.io.IOException {
        return Files.exists(file) ? Files.readAllLines(file).size() : 0;
    }
}
