package org.dbuslab.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A runner killed with SIGKILL: within a few seconds nothing of its session runs (bus.sh detaches the buses with
 * setsid, so only the launcher's PID namespace reaches them), the partial folder's report names the last complete
 * block, and the next session starts cleanly: the lock the killed one held (its own, not the machine's) blocks nobody.
 */
class KilledRunnerLabRunIT {

    @TempDir
    Path tmp;

    @Test
    void sigkilledRunnerLeavesNothingRunning() throws Exception {
        Path out = tmp.resolve("results");
        Path log = tmp.resolve("run-all.log");
        Path lock = tmp.resolve("session.lock");
        Process lab = LabRun.startWithLock(log, lock, LabRun.small("--blocks", "40", "--out", out.toString()));
        try {
            // warm-up block 1 and measured block 2 complete, block 3 started
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!LabRun.read(out.resolve("order.tsv")).contains("\n3\t") && System.nanoTime() < deadline && lab.isAlive()) {
                Thread.sleep(100);
            }
            assertTrue(lab.isAlive(), "the session ended before it could be killed:\n" + LabRun.read(log));
            // the session's processes: the launcher's descendants, and those under TMPDIR with theirs (dbus-broker's
            // command line does not name the folder; setsid's detached ones are not the launcher's descendants)
            List<ProcessHandle> session = new java.util.ArrayList<>(lab.descendants().toList());
            ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(tmp.toString()))
                .forEach(p -> {
                    session.add(p);
                    session.addAll(p.descendants().toList());
                });
            assertTrue(session.stream().anyMatch(p -> p.info().command().orElse("").endsWith("/dbus-broker")),
                "the session runs dbus-broker:\n" + LabRun.read(log));
            lab.destroyForcibly();
            assertTrue(lab.waitFor(10, TimeUnit.SECONDS), "the launcher is gone");
            assertEquals(List.of(), LabRun.leftoversAfter(tmp, 5), "processes left 5 s after the runner's SIGKILL");
            long deadline2 = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (session.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline2) {
                Thread.sleep(100); // the kernel's last reaping
            }
            assertEquals(List.of(), session.stream().filter(ProcessHandle::isAlive).distinct()
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("")).toList(), "the session's processes");
        } finally {
            lab.destroyForcibly();
        }

        Path copy = tmp.resolve("copy");
        LabRun.Outcome report = LabRun.reportOnCopy(out, copy, tmp.resolve("report.log"));
        assertEquals(0, report.exitCode(), report.stderr());
        // block 3 had started when the kill was sent; more may have started before it landed
        java.util.regex.Matcher last = java.util.regex.Pattern
            .compile("session incomplete.*the last complete block is (\\d+) \\((\\d+) started\\)").matcher(report.stderr());
        assertTrue(last.find(), report.stderr());
        int complete = Integer.parseInt(last.group(1));
        assertTrue(complete >= 2 && complete <= Integer.parseInt(last.group(2)), report.stderr());
        assertTrue(Files.readString(copy.resolve("report.md")).contains("session incomplete"), "the report says so too");

        Path next = tmp.resolve("next");
        Path nextLog = tmp.resolve("next.log");
        LabRun.Outcome again = LabRun.await(LabRun.startWithLock(nextLog, lock, LabRun.small("--transports", "dbus-broker",
            "--blocks", "1", "--out", next.toString())), nextLog, 180);
        assertEquals(0, again.exitCode(), again.stderr());
        assertTrue(Files.exists(next.resolve("report.md")), again.stderr());
    }
}
