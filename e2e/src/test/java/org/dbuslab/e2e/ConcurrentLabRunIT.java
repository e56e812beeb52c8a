package org.dbuslab.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two sessions at once: the second refuses in one line naming the first (pid, folder) unless --allow-concurrent;
 * with it, the two share no temp folder, port, CDS archive or log.
 */
class ConcurrentLabRunIT {

    @TempDir
    Path tmp;

    @Test
    void aSecondSessionRefusesUnlessAllowedAndSharesNothingWithTheFirst() throws Exception {
        Path lock = tmp.resolve("session.lock");
        Path first = tmp.resolve("first");
        Path firstLog = tmp.resolve("first.log");
        Process lab = LabRun.startWithLockAndCds(firstLog, lock, LabRun.small("--transports", "dbus-daemon-tcp", "--blocks", "100000",
            // it must outlive the second session, which took over 2 min at CI's load: its budget is no limit
            "--budget", "15m", "--out", first.toString()));
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (LabRun.read(first.resolve("runs.csv")).lines().count() < 2 && System.nanoTime() < deadline && lab.isAlive()) {
                Thread.sleep(100);
            }
            assertTrue(lab.isAlive(), "the first session ended too soon:\n" + LabRun.read(firstLog));

            Path refusedOut = tmp.resolve("refused");
            Path refusedLog = tmp.resolve("refused.log");
            LabRun.Outcome refused = LabRun.await(LabRun.startWithLockAndCds(refusedLog, lock, LabRun.small("--out",
                refusedOut.toString())), refusedLog, 60);
            assertNotEquals(0, refused.exitCode(), refused.stderr());
            assertEquals(1, refused.stderr().lines().count(), "one line:\n" + refused.stderr());
            assertTrue(refused.stderr().contains("pid " + lab.pid() + " ") && refused.stderr().contains(first.toString())
                && refused.stderr().contains("--allow-concurrent"), refused.stderr());
            assertFalse(Files.exists(refusedOut), "a refused session leaves no folder");

            Path beside = tmp.resolve("beside");
            Path besideLog = tmp.resolve("beside.log");
            LabRun.Outcome allowed = LabRun.await(LabRun.startWithLockAndCds(besideLog, lock, LabRun.small("--allow-concurrent",
                "--transports", "dbus-daemon-tcp", "--blocks", "1", "--out", beside.toString())), besideLog, 180);
            assertEquals(0, allowed.exitCode(), allowed.stderr());
            assertTrue(lab.isAlive(), "the first session measures on:\n" + LabRun.read(firstLog));

            Set<String> firstTemp = found(first, "(" + Pattern.quote(tmp.toString()) + "/dbus-lab\\.[a-z0-9]{6})/");
            Set<String> besideTemp = found(beside, "(" + Pattern.quote(tmp.toString()) + "/dbus-lab\\.[a-z0-9]{6})/");
            assertEquals(1, firstTemp.size(), firstTemp.toString());
            assertEquals(1, besideTemp.size(), besideTemp.toString());
            assertNotEquals(firstTemp, besideTemp, "temp folders (buses, sockets, jars and the CDS archive live there)");
            assertTrue(found(beside, "SharedArchiveFile=(\\S+)").stream().allMatch(a -> a.startsWith(besideTemp.iterator().next())),
                "the CDS archive is the session's own");
            Set<String> firstPorts = found(first, "port=([1-9][0-9]*)");
            Set<String> besidePorts = found(beside, "port=([1-9][0-9]*)");
            assertFalse(besidePorts.isEmpty(), "the tcp bus's port is in the server's command line");
            assertTrue(firstPorts.stream().noneMatch(besidePorts::contains), firstPorts + " and " + besidePorts);
        } finally {
            LabRun.stop(lab);
        }
    }

    /** Group 1 of REGEX in every command line the session logged (logs/**.cmd: every process it started). */
    private static Set<String> found(Path folder, String regex) throws IOException {
        Set<String> found = new TreeSet<>();
        Pattern pattern = Pattern.compile(regex);
        try (var files = Files.walk(folder.resolve("logs"))) {
            for (Path cmd : files.filter(f -> f.toString().endsWith(".cmd")).toList()) {
                Matcher m = pattern.matcher(Files.readString(cmd));
                while (m.find()) {
                    found.add(m.group(1));
                }
            }
        }
        return found;
    }
}
