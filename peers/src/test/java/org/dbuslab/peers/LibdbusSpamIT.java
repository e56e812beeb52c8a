package org.dbuslab.peers;

import org.dbuslab.testkit.LibdbusEcho;
import org.dbuslab.testkit.PrivateBus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lab's libdbus client (peers/c/libdbus-spam.c) against libdbus's own echo, {@code dbus-test-tool echo}, on a
 * private bus: every call answered, each error reply one line in dbus-test-tool spam's words, bad usage one line
 * and exit 2, and memory that does not grow with the calls as dbus-test-tool spam's does.
 */
class LibdbusSpamIT {

    private static final String ECHO_NAME = "org.dbuslab.SpamTest";
    private static final String SPAM_FAILURE = "Failed to receive reply";
    private static final Pattern MAX_RSS = Pattern.compile("maxrss=(\\d+)");

    @TempDir
    Path dir;

    @Test
    void everyCallIsAnsweredAndEachErrorReplyIsOneLine() throws Exception {
        String spam = PeersBuild.program(PeersBuild.LIBDBUS, "libdbus-spam").toString();
        Path payload = payload(1000);
        try (PrivateBus bus = PrivateBus.start("dbus-daemon"); LibdbusEcho echo = LibdbusEcho.start(bus.address(), ECHO_NAME, Duration.ofSeconds(10))) {
            for (int queue : List.of(1, 8)) {
                ForeignRun.Result r = run(bus, payload, List.of(spam, "--dest=" + ECHO_NAME, "--count=500",
                    "--queue=" + queue, "--bytes", "--stdin"));
                assertEquals(0, r.exitCode(), r.stderr());
                assertFalse(r.stderr().contains(SPAM_FAILURE), r.stderr());
            }
            ForeignRun.Result nobody = run(bus, payload, List.of(spam, "--dest=org.dbuslab.Nobody", "--count=3",
                "--queue=2", "--bytes", "--stdin"));
            assertEquals(0, nobody.exitCode(), "error replies are counted, not fatal, as in dbus-test-tool spam");
            assertEquals(3, nobody.stderr().lines().filter(l -> l.startsWith(SPAM_FAILURE + " #")).count(),
                nobody.stderr());
            assertTrue(nobody.stderr().contains("org.freedesktop.DBus.Error.ServiceUnknown"), nobody.stderr());
        }
    }

    /** --print-elapsed: one stdout line with the calls' own time and CPU, which leave out start-up and exit; none without. */
    @Test
    void printElapsedGivesTheCallsTimeAndNothingElse() throws Exception {
        String spam = PeersBuild.program(PeersBuild.LIBDBUS, "libdbus-spam").toString();
        Path payload = payload(1000);
        try (PrivateBus bus = PrivateBus.start("dbus-daemon"); LibdbusEcho echo = LibdbusEcho.start(bus.address(), ECHO_NAME, Duration.ofSeconds(10))) {
            List<String> args = List.of(spam, "--dest=" + ECHO_NAME, "--count=300", "--queue=4", "--bytes", "--stdin");
            ForeignRun.Result quiet = run(bus, payload, args);
            assertEquals(0, quiet.exitCode(), quiet.stderr());
            assertEquals("", quiet.stdout(), "nothing on stdout unless asked");
            List<String> timed = new ArrayList<>(args);
            timed.add("--print-elapsed");
            ForeignRun.Result r = run(bus, payload, timed);
            assertEquals(0, r.exitCode(), r.stderr());
            Matcher m = Pattern.compile("elapsed_ns=(\\d+) cpu_ns=(\\d+)\n").matcher(r.stdout());
            assertTrue(m.matches(), "one line: '" + r.stdout() + "'");
            long ns = Long.parseLong(m.group(1));
            long cpu = Long.parseLong(m.group(2));
            assertTrue(ns > 0 && ns < (r.millis() + 1) * 1_000_000, ns + " ns of calls within a process of " + r.millis() + " ms");
            assertTrue(cpu > 0 && cpu <= ns + 1_000_000, cpu + " ns of CPU within " + ns + " ns of calls, on one thread");
        }
    }

    @Test
    void badUsageAndNoBusAreOneLineEach() throws Exception {
        String spam = PeersBuild.program(PeersBuild.LIBDBUS, "libdbus-spam").toString();
        ForeignRun.Result usage = ForeignRun.run(List.of(spam, "--dest=a.b", "--count=0", "--bytes", "--stdin"));
        assertEquals(2, usage.exitCode());
        assertEquals(List.of("libdbus-spam: error: --count must be a whole number from 1 to 1000000000"),
            usage.stderr().lines().toList());
        ForeignRun.Result unknown = ForeignRun.run(List.of(spam, "--dest=a.b", "--count=1", "--string"));
        assertEquals(2, unknown.exitCode());
        assertEquals(1, unknown.stderr().lines().count(), unknown.stderr());
        ForeignRun.Result badName = ForeignRun.run(List.of(spam, "--dest=not a name", "--count=1", "--bytes",
            "--stdin"));
        assertEquals(2, badName.exitCode(), badName.stderr());
        assertEquals(1, badName.stderr().lines().count(), badName.stderr());
        ForeignRun.Result noBus = ForeignRun.run(List.of(spam, "--dest=a.b", "--count=1", "--bytes", "--stdin"),
            Map.of("DBUS_SESSION_BUS_ADDRESS", "unix:path=" + dir.resolve("none")), 30);
        assertEquals(1, noBus.exitCode());
        assertEquals(1, noBus.stderr().lines().count(), noBus.stderr());
        assertTrue(noBus.stderr().startsWith("libdbus-spam: error: cannot connect to the bus"), noBus.stderr());
    }

    /** D-Bus's array limit, 64 MiB, is a payload it takes; a byte more is refused in one line (no bus needed). */
    @Test
    void aPayloadOfExactlyTheArrayLimitIsTakenAndOneMoreByteIsNot() throws Exception {
        String spam = PeersBuild.program(PeersBuild.LIBDBUS, "libdbus-spam").toString();
        Path limit = Files.write(dir.resolve("limit"), new byte[64 << 20]);
        Path over = Files.write(dir.resolve("over"), new byte[(64 << 20) + 1]);
        Map<String, String> noBus = Map.of("DBUS_SESSION_BUS_ADDRESS", "unix:path=" + dir.resolve("none"));
        List<String> args = List.of(spam, "--dest=a.b", "--count=1", "--bytes", "--stdin");
        ForeignRun.Result taken = runWithStdin(limit, args, noBus);
        assertEquals(1, taken.exitCode(), "read it all, then found no bus: " + taken.stderr());
        ForeignRun.Result refused = runWithStdin(over, args, noBus);
        assertEquals(2, refused.exitCode(), refused.stderr());
        assertEquals(List.of("libdbus-spam: error: the payload on stdin is over 67108864 bytes"),
            refused.stderr().lines().toList());
    }

    private static ForeignRun.Result runWithStdin(Path payload, List<String> command, Map<String, String> env)
        throws Exception {
        List<String> shell = new ArrayList<>(List.of("sh", "-c", "exec \"$@\" < \"$PAYLOAD\"", "sh"));
        shell.addAll(command);
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("PAYLOAD", payload.toString());
        return ForeignRun.run(shell, all, 60);
    }

    /** dbus-test-tool spam (dbus 1.14) keeps every reply: 3000 calls of 10000 B grow it by ~30 MB. */
    @Test
    void memoryDoesNotGrowWithTheCalls() throws Exception {
        String spam = PeersBuild.program(PeersBuild.LIBDBUS, "libdbus-spam").toString();
        Path payload = payload(10_000);
        try (PrivateBus bus = PrivateBus.start("dbus-daemon"); LibdbusEcho echo = LibdbusEcho.start(bus.address(), ECHO_NAME, Duration.ofSeconds(10))) {
            List<String> lab = List.of(spam, "--dest=" + ECHO_NAME, "--bytes", "--stdin");
            List<String> debian = List.of("dbus-test-tool", "spam", "--dest=" + ECHO_NAME, "--bytes", "--stdin");
            long labGrowth = maxRssKb(bus, payload, lab, 3000) - maxRssKb(bus, payload, lab, 1);
            // for scale only: dbus 1.14's spam grows by ~30 MB here (not asserted: a later dbus may free its replies)
            long debianGrowth = maxRssKb(bus, payload, debian, 3000) - maxRssKb(bus, payload, debian, 1);
            assertTrue(labGrowth < 5_000, "libdbus-spam grew by " + labGrowth + " kB over 3000 calls (dbus-test-tool"
                + " spam: " + debianGrowth + " kB)");
        }
    }

    private long maxRssKb(PrivateBus bus, Path payload, List<String> command, int calls) throws Exception {
        List<String> timed = new ArrayList<>(List.of("/usr/bin/time", "-f", "maxrss=%M"));
        timed.addAll(command);
        timed.add("--count=" + calls);
        ForeignRun.Result r = run(bus, payload, timed);
        assertEquals(0, r.exitCode(), r.stderr());
        Matcher m = MAX_RSS.matcher(r.stderr());
        assertTrue(m.find(), r.stderr());
        return Long.parseLong(m.group(1));
    }

    private Path payload(int size) throws Exception {
        byte[] bytes = new byte[size];
        new java.util.Random(size).nextBytes(bytes);
        return Files.write(dir.resolve("payload-" + size), bytes);
    }

    /** COMMAND with the payload file on its stdin (ForeignRun gives an empty one). */
    private static ForeignRun.Result run(PrivateBus bus, Path payload, List<String> command) throws Exception {
        return runWithStdin(payload, command, Map.of("DBUS_SESSION_BUS_ADDRESS", bus.address()));
    }
}
