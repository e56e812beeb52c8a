package org.dbuslab.client.hostile;

import org.dbuslab.client.ClientMain;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A peer or bus that accepts the connection and then never answers — the connect, SASL or Hello: --connect-timeout
 * bounds the whole handshake, and the client says so in one line and exits 2. Before, dbus-java's SASL read waited
 * forever.
 */
class SilentPeerConnectIT {

    private static final int CONNECT_TIMEOUT_MS = 700;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1} peer={2}")
    @CsvSource({
        "unix, SILENT, true", "tcp, SILENT, true", "unix, SILENT, false", "tcp, SILENT, false",
        "unix, AUTH_THEN_SILENT, true", "unix, AUTH_THEN_SILENT, false"})
    void aSilentHandshakeEndsInOneLineAndExitTwo(String transport, FakePeer.Opening opening, boolean peer)
            throws Exception {
        try (FakePeer fake = transport.equals("unix") ? FakePeer.unix(dir.resolve("silent.sock"), opening, null)
            : FakePeer.tcp(opening)) {
            List<String> args = new ArrayList<>(List.of("--address", fake.address(), "--runs", "1",
                "--warmup-runs", "0", "--connect-timeout", String.valueOf(CONNECT_TIMEOUT_MS)));
            if (peer) {
                args.add("--peer");
            }
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            long start = System.nanoTime();
            int code = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> ClientMain.run(
                args.toArray(String[]::new), new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true)));
            long tookMs = (System.nanoTime() - start) / 1_000_000;
            String stderr = err.toString(StandardCharsets.UTF_8).strip();
            assertEquals(2, code, stderr);
            assertEquals(1, stderr.lines().count(), stderr);
            assertTrue(stderr.startsWith("dbus-lab-client: error: cannot connect to " + fake.address()), stderr);
            assertTrue(stderr.matches(".*no answer .*within " + CONNECT_TIMEOUT_MS + " ms.*"), stderr);
            assertTrue(tookMs >= CONNECT_TIMEOUT_MS - 50 && tookMs < CONNECT_TIMEOUT_MS + 10_000, "took " + tookMs + " ms");
        }
    }
}
