package org.dbuslab.e2e;

import org.dbuslab.testkit.CiRequirement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The results folder's filesystem fills up mid-session (a small tmpfs the test mounts, then fills): one line naming
 * the folder and the space, a non-zero exit, nothing left running, and the rows written before stay readable.
 */
class FullDiskLabRunIT {

    @TempDir
    Path tmp;

    @Test
    void aFullResultsDiskStopsTheSessionWithOneLineAndKeepsItsRows() throws Exception {
        Path disk = Files.createDirectory(tmp.resolve("disk"));
        mountTmpfs(disk);
        try {
            Path out = disk.resolve("results");
            Path log = tmp.resolve("run-all.log");
            Process lab = LabRun.startWithLock(log, tmp.resolve("session.lock"), LabRun.small("--blocks", "100000",
                "--out", out.toString()));
            List<String> before;
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (LabRun.read(out.resolve("runs.csv")).lines().count() < 5 && System.nanoTime() < deadline
                    && lab.isAlive()) {
                    Thread.sleep(100);
                }
                assertTrue(lab.isAlive(), "the session ended before the disk filled:\n" + LabRun.read(log));
                before = Files.readAllLines(out.resolve("runs.csv"));
                fill(disk.resolve("filler"));
                assertTrue(lab.waitFor(120, TimeUnit.SECONDS), "the session must stop:\n" + LabRun.read(log));
            } finally {
                lab.destroyForcibly();
            }
            String stderr = LabRun.read(log);
            assertNotEquals(0, lab.exitValue(), stderr);
            List<String> errors = stderr.lines().filter(l -> l.startsWith("run-all.sh: error: ")).toList();
            assertEquals(1, errors.size(), stderr);
            assertTrue(errors.get(0).contains(out.toString()) && errors.get(0).contains("free of"), stderr);
            assertEquals(List.of(), LabRun.leftoversAfter(tmp, 5), "processes left after the disk filled");
            List<String> after = Files.readAllLines(out.resolve("runs.csv"));
            assertEquals(before, after.subList(0, before.size()), "the rows written before stay as they were");

            Path copy = tmp.resolve("copy");
            LabRun.Outcome report = LabRun.reportOnCopy(out, copy, tmp.resolve("report.log"));
            assertEquals(0, report.exitCode(), report.stderr());
            assertTrue(report.stderr().contains("session incomplete"), report.stderr());
        } finally {
            new ProcessBuilder("umount", "-l", disk.toString()).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** mount -t tmpfs (root only): skipped with the reason where mount is not allowed, a failure under CI=true. */
    private static void mountTmpfs(Path dir) throws IOException, InterruptedException {
        Path log = dir.resolveSibling("mount.log");
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=8m,mode=0700", "lab-full-disk", dir.toString())
            .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (mount.waitFor(30, TimeUnit.SECONDS) && mount.exitValue() == 0) {
            return;
        }
        mount.destroyForcibly();
        String reason = "cannot mount a tmpfs for the full disk: " + Files.readString(log).strip();
        CiRequirement.unavailable(reason);
    }

    /** Writes FILE until its filesystem has no space left. */
    private static void fill(Path file) {
        byte[] chunk = new byte[64 * 1024];
        try (OutputStream o = Files.newOutputStream(file)) {
            while (true) {
                o.write(chunk);
            }
        } catch (IOException full) {
            // full
        }
    }
}
