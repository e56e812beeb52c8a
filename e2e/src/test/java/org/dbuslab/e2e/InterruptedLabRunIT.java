package org.dbuslab.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ctrl-C in the middle of a session: no process left behind, and every finished run still on disk. */
class InterruptedLabRunIT {

    @TempDir
    Path tmp;

    @Test
    void interruptKeepsFinishedRunsAndLeavesNoProcess() throws Exception {
        Path out = tmp.resolve("results");
        Path log = tmp.resolve("run-all.log");
        Process lab = LabRun.start(log, "--no-build", "--transports", "dbus-broker,p2p-unix", "--blocks", "50",
            "--scenarios", "none", "--libraries", "glib,sd-bus", "--placement", "free",
            "--out", out.toString());
        Path csv = out.resolve("runs.csv");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (lineCount(csv) < 4 && System.nanoTime() < deadline && lab.isAlive()) {
            Thread.sleep(100);
        }
        assertTrue(lab.isAlive(), "the session ended before it could be interrupted:\n" + LabRun.read(log));
        int rowsBefore = lineCount(csv);
        assertTrue(rowsBefore >= 4, "no runs recorded in time:\n" + LabRun.read(log));

        new ProcessBuilder("kill", "-INT", Long.toString(lab.pid())).start().waitFor();
        assertTrue(lab.waitFor(60, TimeUnit.SECONDS), "run-all.sh did not stop after SIGINT:\n" + LabRun.read(log));
        assertEquals(130, lab.exitValue(), "interrupted by SIGINT:\n" + LabRun.read(log));
        assertTrue(LabRun.read(log).contains("interrupted by SIGINT"), LabRun.read(log));

        Thread.sleep(500);
        // the runner keeps jars, buses and sockets under TMPDIR
        assertEquals(List.of(), LabRun.leftovers(tmp), "orphan processes after Ctrl-C");
        assertTrue(lineCount(csv) >= rowsBefore, "finished runs must stay on disk");
        assertEquals(
            Files.readAllLines(csv).get(0).split(",").length,
            Files.readAllLines(csv).get(lineCount(csv) - 1).split(",", -1).length,
            "the last row is complete");
    }

    private static int lineCount(Path file) throws java.io.IOException {
        return Files.exists(file) ? Files.readAllLines(file).size() : 0;
    }
}
