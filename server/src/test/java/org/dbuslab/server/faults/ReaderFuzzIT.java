package org.dbuslab.server.faults;

import org.dbuslab.api.Echo1;
import org.dbuslab.api.EchoContract;
import org.dbuslab.server.faults.RawPeer.Outcome;
import org.freedesktop.dbus.connections.impl.DirectConnection;
import org.freedesktop.dbus.connections.impl.DirectConnectionBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzzes the server's message reader (BufferedMessageReader behind the p2p server's accept path) through real
 * sockets to the real server process, for a bounded time (-Ddbuslab.fuzz.seconds, default 25) from a printed
 * seed (-Ddbuslab.fuzz.seed to repeat a run). After every batch a fresh connection's Echo must come back byte for
 * byte, and the server's RSS must stay under a fixed limit; a case the reader must refuse must close its
 * connection; at the end stderr may hold the server's one-line events only, never a stack trace.
 */
class ReaderFuzzIT {

    private static final int MIB = 1024 * 1024;
    private static final long MAX_MESSAGE_BYTES = 16L * MIB;
    /** -Xmx192m, metaspace and threads, plus at most the 64 MiB budget of read buffers. */
    private static final long RSS_LIMIT_BYTES = 512L * MIB;
    private static final int BATCH = 25;
    private static final int SECONDS = Integer.getInteger("dbuslab.fuzz.seconds", 25);

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void mutatedAndRandomBytesNeitherCrashNorHangNorGrowTheServer() throws Exception {
        long seed = Long.getLong("dbuslab.fuzz.seed", System.nanoTime());
        System.out.println("ReaderFuzzIT: seed " + seed + " (repeat with -Ddbuslab.fuzz.seed=" + seed + ")");
        Mutator mutator = new Mutator(new Random(seed), MAX_MESSAGE_BYTES);
        Map<String, int[]> outcomes = new TreeMap<>();
        Map<String, Integer> lineKinds = new TreeMap<>();
        java.util.Set<String> unexpected = new java.util.LinkedHashSet<>();
        int cases = 0;
        long maxRss = 0;
        try (ServerProcess server = ServerProcess.start(dir, "--listen", "tcp:host=127.0.0.1,port=0",
            "--max-message-bytes", Long.toString(MAX_MESSAGE_BYTES), "--max-incoming-bytes", Long.toString(64L * MIB),
            "--handshake-timeout", "2000")) {
            long end = System.nanoTime() + SECONDS * 1_000_000_000L;
            while (System.nanoTime() < end) {
                List<RawPeer> waiting = new ArrayList<>(); // connections the server waits on stay open through the batch
                try {
                    for (int i = 0; i < BATCH; i++, cases++) {
                        Mutator.Case fuzz = mutator.next();
                        Outcome outcome = run(server, fuzz, waiting);
                        outcomes.computeIfAbsent(fuzz.kind(), k -> new int[Outcome.values().length])[outcome.ordinal()]++;
                        if (fuzz.mustClose()) {
                            assertEquals(Outcome.CLOSED, outcome, "seed " + seed + ", case " + cases + " (" + fuzz.kind()
                                + "): the server must close this connection");
                        }
                    }
                } finally {
                    for (RawPeer peer : waiting) {
                        peer.close();
                    }
                }
                assertTrue(server.isAlive(), "seed " + seed + ": the server died after case " + cases);
                assertEchoes(server.address(), seed, cases);
                long rss = server.rssBytes();
                maxRss = Math.max(maxRss, rss);
                assertTrue(rss < RSS_LIMIT_BYTES, "seed " + seed + ": server RSS " + rss / MIB + " MiB after case " + cases);
            }
            Thread.sleep(300);
            for (String line : server.stderrLines()) {
                assertTrue(line.startsWith("dbus-lab-server: "), "seed " + seed + ": not a server line: " + line);
                assertFalse(line.contains("Exception in thread"), "seed " + seed + ": " + line);
                String kind = line.split(":")[1].strip().replaceAll(" \\(.*", "");
                lineKinds.merge(kind, 1, Integer::sum);
                if (!kind.equals("peer connected") && !kind.equals("peer left") && lineKinds.get(kind) <= 2) {
                    System.out.println("ReaderFuzzIT: e.g. " + line); // what the server says of bad peers
                }
                if (line.contains(" failed: ")) {
                    unexpected.add(line); // a thread of the server died of an exception no one caught
                }
            }
        }
        StringBuilder summary = new StringBuilder("ReaderFuzzIT: " + cases + " cases, max RSS " + maxRss / MIB
            + " MiB, server stderr " + lineKinds + ";");
        outcomes.forEach((kind, counts) -> summary.append(' ').append(kind).append(" answered/closed/silent ")
            .append(counts[0]).append('/').append(counts[1]).append('/').append(counts[2]).append(';'));
        System.out.println(summary);
        assertTrue(unexpected.isEmpty(), "seed " + seed + ": uncaught in the server: " + String.join("\n", unexpected));
    }

    private static Outcome run(ServerProcess server, Mutator.Case fuzz, List<RawPeer> waiting) throws IOException {
        RawPeer peer = RawPeer.connect(server.address());
        Outcome outcome;
        try {
            if (fuzz.authenticate()) {
                peer.authenticate();
            }
            peer.send(fuzz.bytes());
            outcome = fuzz.mustClose() ? (peer.closedWithin(3_000) ? Outcome.CLOSED : Outcome.SILENT) : peer.await(100);
        } catch (IOException e) {
            outcome = Outcome.CLOSED; // the server closed while the bytes were still going out
        }
        if (outcome == Outcome.SILENT && waiting.size() < 10) {
            waiting.add(peer);
        } else {
            peer.close();
        }
        return outcome;
    }

    /** A fresh dbus-java connection's Echo comes back byte for byte: the server still serves. */
    private static void assertEchoes(String address, long seed, int cases) throws Exception {
        try (DirectConnection client = DirectConnectionBuilder.forAddress(address).build()) {
            Echo1 echo = client.getRemoteObject(EchoContract.OBJECT_PATH, Echo1.class);
            byte[] payload = ("after case " + cases + ", seed " + seed).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            assertArrayEquals(payload, echo.Echo(payload), "seed " + seed + ": a wrong echo after case " + cases);
        }
    }
}
