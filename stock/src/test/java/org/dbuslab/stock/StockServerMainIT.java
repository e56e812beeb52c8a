package org.dbuslab.stock;

import org.dbuslab.client.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stock server's life: SIGTERM and SIGINT end it with exit 0, p2p serves several peers, bad usage is one line. */
class StockServerMainIT {

    @TempDir
    Path tmp;

    @Test
    void sigtermAndSigintExitZero() throws Exception {
        try (ServerOn server = ServerOn.start(ServerOn.Kind.STOCK, "dbus-daemon")) {
            server.process().close(); // TERM (destroy), then waits
        }
        for (String signal : new String[] {"TERM", "INT"}) {
            try (ServerOn server = ServerOn.start(ServerOn.Kind.STOCK, "p2p-unix")) {
                StockCountedFailuresIT.signal(signal, server.process().pid());
                assertEquals(0, server.process().waitFor(Duration.ofSeconds(15)), "SIG" + signal + ": "
                    + server.process().stderr());
            }
        }
    }

    @Test
    void sigtermOnABusExitsZero() throws Exception {
        try (ServerOn server = ServerOn.start(ServerOn.Kind.STOCK, "dbus-broker")) {
            StockCountedFailuresIT.signal("TERM", server.process().pid());
            assertEquals(0, server.process().waitFor(Duration.ofSeconds(15)), server.process().stderr());
        }
    }

    @Test
    void peerToPeerServesPeersAtOnceAndOneAfterAnother() throws Exception {
        try (ServerOn server = ServerOn.start(ServerOn.Kind.STOCK, "p2p-unix")) {
            try (StockCallPath first = server.connect(true, 10_000); StockCallPath second = server.connect(false, 10_000)) {
                assertTrue(StockPairsIT.run(first, 1, 20, 1000).clean());
                assertTrue(StockPairsIT.run(second, 8, 50, 1000).clean());
                assertTrue(StockPairsIT.run(first, 1, 20, 1000).clean(), "the first peer is still served");
            }
            try (StockCallPath third = server.connect(true, 10_000)) {
                RunResult result = StockPairsIT.run(third, 1, 20, 1000);
                assertTrue(result.clean(), "a peer after the others left: " + result.firstProblem());
            }
        }
    }

    @Test
    void badUsageIsOneLineAndExitTwo() throws Exception {
        Path existing = Files.createFile(tmp.resolve("taken.sock"));
        String[][] cases = {
            {},
            {"--bus", "unix:path=/x", "--listen", "unix:path=/y"},
            {"--listen", "tcp:host=127.0.0.1,port=0"},
            {"--listen", "unix:path=" + existing},
            {"--bus", "unix:path=/x", "--corrupt-every", "-1"},
            {"--bogus"},
        };
        for (String[] args : cases) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int exit = StockServerMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
            String text = err.toString(StandardCharsets.UTF_8).strip();
            String what = String.join(" ", args) + " -> " + text;
            assertEquals(2, exit, what);
            assertEquals(1, text.lines().count(), what);
            assertTrue(text.startsWith("dbus-lab-stock-server: error: "), what);
            assertFalse(text.contains("Exception") || text.contains("\tat "), what);
            assertEquals("", out.toString(StandardCharsets.UTF_8), what);
        }
    }

    @Test
    void aBusThatCannotBeReachedIsExitOne() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = StockServerMain.run(new String[] {"--bus", "unix:path=" + tmp.resolve("no-bus.sock")},
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8).strip();
        assertEquals(1, exit, text);
        assertEquals(1, text.lines().count(), text);
        assertFalse(text.contains("\tat "), text);
    }
}
