package org.dbuslab.scale.clients;

import org.dbuslab.scale.ResultLines;
import org.dbuslab.scale.ScaleMain;
import org.dbuslab.server.BusEchoServer;
import org.dbuslab.server.EchoService;
import org.dbuslab.server.peer.PeerEchoServer;
import org.dbuslab.testkit.PrivateBus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The clients tool against the Java server on real private buses and peer-to-peer: small sizes, exact counts. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ClientsIntegrationIT {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"dbus-daemon", "dbus-broker"})
    void concurrentClientsOnABusAreAllServedAndVerified(String transport) throws Exception {
        try (PrivateBus bus = PrivateBus.start(transport);
             BusEchoServer server = BusEchoServer.start(bus.address(), new EchoService())) {
            List<Map<String, String>> lines = run(0, "--address", bus.address(), "--transport", transport,
                "--clients", "1,3", "--mode", "async", "--window", "8", "--payload", "200",
                "--duration-ms", "300", "--warmup-ms", "100", "--runs", "1");
            assertEquals(4, lines.size(), "a warm-up and a measured line for each N: " + lines);
            checkClean(lines.get(3), transport, 3, 8);
        }
    }

    @Test
    void syncClientsPeerToPeerEachGetTheirOwnServerConnection() throws Exception {
        try (PeerEchoServer server = PeerEchoServer.start("unix:path=" + dir.resolve("p2p.sock"), new EchoService(),
            line -> { })) {
            List<Map<String, String>> lines = run(0, "--address", server.address(), "--peer",
                "--clients", "2", "--mode", "sync", "--duration-ms", "300", "--warmup-ms", "0", "--runs", "2");
            assertEquals(2, lines.size(), lines.toString());
            for (Map<String, String> line : lines) {
                checkClean(line, "p2p", 2, 1);
            }
        }
    }

    @Test
    void noServerIsExitTwoWithOneLine() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = ScaleMain.run(new String[] {"clients", "--address", "unix:path=" + dir.resolve("none"), "--peer",
            "--connect-timeout", "200"}, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true));
        assertEquals(2, exit);
        String text = err.toString(StandardCharsets.UTF_8).strip();
        assertTrue(text.startsWith("dbus-lab-scale: error: clients: ") && !text.contains("\n") && !text.contains("\tat "), text);
    }

    private static void checkClean(Map<String, String> line, String transport, int clients, int window) {
        assertEquals("clients", line.get("series"));
        assertEquals(transport, line.get("transport"));
        assertEquals(Integer.toString(clients), line.get("clients"));
        assertEquals(Integer.toString(window), line.get("window"));
        assertEquals("0", line.get("lost"), line.toString());
        assertEquals("0", line.get("mismatched"), line.toString());
        assertEquals("0", line.get("errors"), line.toString());
        long[] perClient = Arrays.stream(line.get("per_client_calls").split(",")).mapToLong(Long::parseLong).toArray();
        assertEquals(clients, perClient.length);
        assertEquals(Long.parseLong(line.get("calls")), Arrays.stream(perClient).sum());
        assertTrue(Arrays.stream(perClient).allMatch(c -> c > 0), "every client made calls: " + line);
        double jain = Double.parseDouble(line.get("jain"));
        assertTrue(jain > 1.0 / clients - 1e-9 && jain <= 1.0 + 1e-9, "Jain's index in [1/n, 1]: " + jain);
        assertTrue(Long.parseLong(line.get("p50_ns")) > 0 && Long.parseLong(line.get("p99_ns"))
            >= Long.parseLong(line.get("p50_ns")), line.toString());
        assertEquals("-", line.get("problem"));
    }

    /** Runs the tool in this JVM and parses its stdout lines into key=value maps. */
    static List<Map<String, String>> run(int expectedExit, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] all = new String[args.length + 1];
        all[0] = "clients";
        System.arraycopy(args, 0, all, 1, args.length);
        int exit = ScaleMain.run(all, new PrintStream(out, true), new PrintStream(err, true));
        assertEquals(expectedExit, exit, "stderr: " + err.toString(StandardCharsets.UTF_8)
            + " stdout: " + out.toString(StandardCharsets.UTF_8));
        return ResultLines.parse(out.toString(StandardCharsets.UTF_8));
    }

}
