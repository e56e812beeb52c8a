package org.dbuslab.client.hostile;

import org.dbuslab.server.BusEchoServer;
import org.dbuslab.server.EchoService;
import org.dbuslab.testkit.PrivateBus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the client prints when its peer is not D-Bus, answers garbage, or its bus dies mid-run, seen from outside as
 * the lab sees it (a process of its own): one line for the failure, never a stack trace, the non-zero exit code, and
 * the rows already written intact. Before, dbus-java's log printed 31-121 lines of stack traces.
 */
class ClientStderrIT {

    /** A JVM of its own starts and ends slowly on a loaded 2-core machine (seconds at load 40). */
    private static final long EXIT_BOUND_SECONDS = 120;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} peer={1}")
    @CsvSource({"unix, true", "unix, false", "tcp, true"})
    void aPeerThatIsNotDbusGetsOneLineAndExitTwo(String transport, boolean peer) throws Exception {
        try (FakePeer fake = transport.equals("unix")
            ? FakePeer.unix(dir.resolve("http.sock"), FakePeer.Opening.NOT_DBUS, null)
            : FakePeer.tcp(FakePeer.Opening.NOT_DBUS)) {
            List<String> args = new ArrayList<>(List.of("--address", fake.address(), "--runs", "1", "--warmup-runs", "0",
                "--connect-timeout", "30000"));
            if (peer) {
                args.add("--peer");
            }
            ClientProcess client = ClientProcess.start(dir, args.toArray(String[]::new));
            int code = client.exitCode(EXIT_BOUND_SECONDS);
            String stderr = client.stderr().strip();
            assertEquals(2, code, stderr);
            assertOneLine(stderr);
            assertTrue(stderr.startsWith("dbus-lab-client: error: cannot connect to " + fake.address()), stderr);
        }
    }

    @Test
    void garbageRepliesAreCountedAndPrintNoStackTrace() throws Exception {
        try (FakePeer fake = FakePeer.unix(dir.resolve("garbage.sock"), FakePeer.Opening.ANSWER, (index, call, serial) -> {
            if (index < 5) {
                return TestFrames.echoReply(call, serial);
            }
            byte[] junk = new byte[64 + ThreadLocalRandom.current().nextInt(512)];
            ThreadLocalRandom.current().nextBytes(junk);
            return junk;
        })) {
            Path csv = dir.resolve("runs.csv");
            ClientProcess client = ClientProcess.start(dir, "--address", fake.address(), "--peer", "--runs", "3",
                "--warmup-runs", "0", "--calls", "20", "--reply-timeout", "500", "--connect-timeout", "30000",
                "--csv", csv.toString());
            int code = client.exitCode(EXIT_BOUND_SECONDS);
            String stderr = client.stderr();
            assertEquals(1, code, stderr);
            assertNoStackTrace(stderr);
            assertTrue(stderr.lines().count() <= 3 + 1, "a line per run made and one saying why it stopped: " + stderr);
            List<String> rows = Files.readAllLines(csv);
            assertTrue(rows.size() >= 2, rows.toString());
            assertTrue(rows.stream().allMatch(r -> r.split(",", -1).length == rows.get(0).split(",").length), rows.toString());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"async", "sync"})
    void theClientWhoseBusDiesSaysSoInOneLine(String mode) throws Exception {
        Path csv = dir.resolve("runs.csv");
        ClientProcess client;
        try (PrivateBus bus = PrivateBus.start("dbus-daemon");
             BusEchoServer server = BusEchoServer.start(bus.address(), new EchoService())) {
            client = ClientProcess.start(dir, "--address", bus.address(), "--mode", mode, "--runs", "100000",
                "--warmup-runs", "0", "--calls", "200", "--reply-timeout", "1000", "--connect-timeout", "30000",
                "--csv", csv.toString());
            long waitUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(EXIT_BOUND_SECONDS);
            while ((!Files.exists(csv) || Files.readAllLines(csv).size() < 3) && System.nanoTime() < waitUntil) {
                assertTrue(client.isAlive(), client.stderr());
                Thread.sleep(20);
            }
            assertTrue(Files.readAllLines(csv).size() >= 3, "two runs before the bus dies; stderr: " + client.stderr());
        } // the server and then the bus are stopped here, mid-run
        int code = client.exitCode(EXIT_BOUND_SECONDS);
        String stderr = client.stderr();
        assertEquals(1, code, stderr);
        assertNoStackTrace(stderr);
        List<String> lines = stderr.strip().lines().toList();
        assertTrue(lines.get(lines.size() - 1).matches(".*(connection lost|connection abandoned).*measured run\\(s\\) not made"),
            stderr);
        assertTrue(lines.stream().filter(l -> !l.contains(" run ")).count() <= 1, "one line besides the runs': " + stderr);
        List<String> rows = Files.readAllLines(csv);
        int columns = rows.get(0).split(",").length;
        assertTrue(rows.size() >= 3 && rows.stream().allMatch(r -> r.split(",", -1).length == columns),
            "rows intact: " + rows + "; " + stderr);
    }

    private static void assertOneLine(String stderr) {
        assertEquals(1, stderr.lines().count(), "exactly one line: " + stderr);
        assertNoStackTrace(stderr);
    }

    private static void assertNoStackTrace(String stderr) {
        assertFalse(stderr.contains("\tat ") || stderr.contains("Exception in thread") || stderr.contains("ERROR "),
            "no stack trace or log noise: " + stderr);
    }
}
