package org.dbuslab.server.faults;

import org.dbuslab.api.Echo1;
import org.dbuslab.api.EchoContract;
import org.dbuslab.testkit.PrivateBus;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server on a bus that dies, or that accepts the connection and never answers: one line, exit 1, promptly. */
@Timeout(120)
class BusFaultsIT {

    @TempDir
    Path dir;

    @Test
    void aServerWhoseBusDiesExitsWithOneLine() throws Exception {
        ServerProcess server;
        try (PrivateBus bus = PrivateBus.start("dbus-daemon")) {
            server = ServerProcess.start(dir, "--bus", bus.address());
            assertAnswersEchoOnBus(bus.address());
        } // the bus is stopped here
        try (server) {
            long start = System.nanoTime();
            Integer code = server.awaitExit(10_000);
            assertNotNull(code, "the server idles on after its bus died");
            long millis = (System.nanoTime() - start) / 1_000_000;
            List<String> stderr = server.stderrLines();
            assertEquals(1, code, String.join("\n", stderr));
            assertEquals(1, stderr.size(), String.join("\n", stderr));
            assertTrue(stderr.get(0).startsWith("dbus-lab-server: error: lost the bus connection"), stderr.get(0));
            assertTrue(millis < 5_000, "exited " + millis + " ms after the bus stopped");
        }
    }

    @Test
    void aBusThatNeverAnswersSaslTimesOut() throws Exception {
        Path socket = dir.resolve("silent-bus.sock");
        try (ServerSocketChannel silentBus = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            silentBus.bind(UnixDomainSocketAddress.of(socket));
            // accepted on a thread of its own, so a server that never connects cannot hang the test (the kernel
            // completes a connection in the backlog even before accept(): the server sees a bus that stays silent)
            CompletableFuture<SocketChannel> accepted = CompletableFuture.supplyAsync(() -> {
                try {
                    return silentBus.accept(); // accepted, then never a word
                } catch (IOException e) {
                    return null;
                }
            });
            long start = System.nanoTime();
            Process server = ServerProcess.launch(dir, "--bus", "unix:path=" + socket, "--connect-timeout", "1000");
            boolean exited;
            try {
                exited = server.waitFor(10, TimeUnit.SECONDS);
            } finally {
                server.destroyForcibly();
                silentBus.close();
            }
            SocketChannel connection = accepted.getNow(null);
            if (connection != null) {
                connection.close();
            }
            assertTrue(exited, "connecting to a bus that never answers SASL never times out");
            long millis = (System.nanoTime() - start) / 1_000_000;
            List<String> stderr = Files.readAllLines(dir.resolve("server-stderr.txt"));
            assertEquals(1, server.exitValue(), String.join("\n", stderr));
            assertEquals(1, stderr.size(), String.join("\n", stderr));
            assertTrue(stderr.get(0).contains("did not complete the connection within 1000 ms"), stderr.get(0));
            assertTrue(millis < 6_000, "took " + millis + " ms with a 1000 ms timeout");
        }
    }

    /** The echo object on the bus at {@code address} answers a Java client's call, byte for byte. */
    private static void assertAnswersEchoOnBus(String address) throws Exception {
        try (DBusConnection client = DBusConnectionBuilder.forAddress(address).withShared(false).build()) {
            Echo1 echo = client.getRemoteObject(EchoContract.BUS_NAME, EchoContract.OBJECT_PATH, Echo1.class);
            byte[] payload = "on the bus".getBytes(StandardCharsets.US_ASCII);
            assertArrayEquals(payload, echo.Echo(payload));
        }
    }
}
