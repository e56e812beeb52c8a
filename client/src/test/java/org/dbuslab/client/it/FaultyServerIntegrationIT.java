package org.dbuslab.client.it;

import org.dbuslab.api.Echo1;
import org.dbuslab.api.EchoContract;
import org.dbuslab.client.ClientMain;
import org.dbuslab.testkit.PrivateBus;
import org.dbuslab.server.BusEchoServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client against real servers on a real bus: its verdicts (clean, corrupting, too slow to answer) and how it
 * records its warm-up.
 */
class FaultyServerIntegrationIT {

    @TempDir
    Path dir;

    @Test
    void cleanServerGivesExitZeroAndOneRowPerRun() throws Exception {
        Outcome outcome = runClientAgainst(payload -> payload, "--runs", "3", "--warmup-runs", "1");
        assertEquals(0, outcome.exitCode, outcome.stderr);
        List<String> rows = outcome.csvRows();
        assertEquals(1 + 4, rows.size(), String.join("\n", rows));
        assertTrue(rows.stream().skip(1).allMatch(r -> r.contains(",0,0,0,")), String.join("\n", rows));
    }

    @Test
    void jitWatchedWarmupRecordsEveryWarmupRunItsCompileTimeAndWhyItEnded() throws Exception {
        Outcome outcome = runClientAgainst(payload -> payload, "--runs", "2", "--warmup-runs", "3",
            "--warmup-max-seconds", "1.5");
        assertEquals(0, outcome.exitCode, outcome.stderr);
        List<String> rows = outcome.csvRows();
        assertTrue(rows.get(0).endsWith(",jit_ms"), rows.get(0));
        long warmups = rows.stream().skip(1).filter(r -> r.contains(",warmup,")).count();
        long measured = rows.stream().skip(1).filter(r -> r.contains(",measure,")).count();
        assertTrue(warmups >= 3, String.join("\n", rows));
        assertEquals(2, measured, String.join("\n", rows));
        assertTrue(rows.stream().skip(1).allMatch(r -> r.matches(".*,\\d+")), "jit_ms on every row: " + String.join("\n", rows));
        assertTrue(outcome.stderr.matches("(?s).*warm-up ended after " + warmups
            + " run\\(s\\), [0-9.]+ s: (JIT quiet|--warmup-max-seconds spent).*"), outcome.stderr);
    }

    @Test
    void corruptingServerIsRejected() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Outcome outcome = runClientAgainst(payload -> {
            if (calls.incrementAndGet() == 25) {
                byte[] corrupted = payload.clone();
                corrupted[corrupted.length / 2] ^= 0x40;
                return corrupted;
            }
            return payload;
        }, "--runs", "2", "--warmup-runs", "0");
        assertEquals(1, outcome.exitCode, outcome.stderr);
        assertTrue(outcome.stderr.contains("mismatched 1"), outcome.stderr);
        assertTrue(outcome.csvRows().get(1).contains(",0,1,0,measure,"), outcome.csvRows().get(1));
    }

    @Test
    void replyLaterThanTheTimeoutCountsAsLost() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Outcome outcome = runClientAgainst(payload -> {
            if (calls.incrementAndGet() == 10) {
                sleep(1500);
            }
            return payload;
        }, "--runs", "1", "--warmup-runs", "0", "--reply-timeout", "300");
        assertEquals(1, outcome.exitCode, outcome.stderr);
        // The server answers on its reader thread, so calls behind the slow one can be late too; what matters is
        // that late replies are counted as lost and never taken for the replies of later calls.
        assertTrue(outcome.stderr.matches("(?s).*lost [1-9]\\d*, mismatched 0, errors 0.*"), outcome.stderr);
    }

    private Outcome runClientAgainst(java.util.function.UnaryOperator<byte[]> behaviour, String... extra) throws Exception {
        Echo1 service = new Echo1() {
            @Override
            public byte[] Echo(byte[] payload) {
                return behaviour.apply(payload);
            }

            @Override
            public String getObjectPath() {
                return EchoContract.OBJECT_PATH;
            }
        };
        Path csv = dir.resolve("runs.csv");
        try (PrivateBus bus = PrivateBus.start("dbus-daemon");
             BusEchoServer server = BusEchoServer.start(bus.address(), service)) {
            List<String> args = new java.util.ArrayList<>(List.of("--address", bus.address(), "--transport", "dbus-daemon",
                "--mode", "sync", "--payload", "1000", "--calls", "50", "--csv", csv.toString()));
            args.addAll(List.of(extra));
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = ClientMain.run(args.toArray(String[]::new), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true));
            return new Outcome(code, err.toString(StandardCharsets.UTF_8), csv);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private record Outcome(int exitCode, String stderr, Path csv) {
        List<String> csvRows() throws java.io.IOException {
            return Files.readAllLines(csv);
        }
    }
}
