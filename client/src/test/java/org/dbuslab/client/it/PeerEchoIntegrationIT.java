package org.dbuslab.client.it;

import org.dbuslab.api.EchoContract;
import org.dbuslab.client.callpath.DbusJavaConnector;
import org.dbuslab.client.callpath.EchoCallPath;
import org.dbuslab.client.run.EchoRun;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;
import org.dbuslab.testkit.ForeignTool;
import org.dbuslab.server.EchoService;
import org.dbuslab.server.peer.PeerEchoServer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The peer-to-peer server accepts many clients, one after another and several at once, on unix and TCP. */
class PeerEchoIntegrationIT {

    private static final long TIMEOUT = 10_000_000_000L;

    @TempDir
    Path dir;

    private String listenAddress(String kind) {
        return kind.equals("unix") ? "unix:path=" + dir.resolve("p2p.sock") : "tcp:host=127.0.0.1,port=0";
    }

    @ParameterizedTest
    @ValueSource(strings = {"unix", "tcp"})
    void clientsOneAfterAnother(String kind) throws Exception {
        java.util.List<String> events = java.util.Collections.synchronizedList(new ArrayList<>());
        try (PeerEchoServer server = PeerEchoServer.start(listenAddress(kind), new EchoService(), events::add)) {
            for (int client = 0; client < 3; client++) {
                try (EchoCallPath path = DbusJavaConnector.connect(server.address(), true, null)) {
                    RunResult sync = new EchoRun(path, 1, TIMEOUT).run(100, new PayloadGenerator(10_000, client));
                    RunResult async = new EchoRun(path, 32, TIMEOUT).run(300, new PayloadGenerator(1000, client));
                    assertTrue(sync.clean(), sync.toString());
                    assertTrue(async.clean(), async.toString());
                }
            }
            waitUntil(() -> server.connectedPeers() == 0, () -> "server events: " + events);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"unix", "tcp"})
    void severalClientsAtOnce(String kind) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (PeerEchoServer server = PeerEchoServer.start(listenAddress(kind), new EchoService(), line -> { })) {
            List<Future<RunResult>> results = new ArrayList<>();
            for (int client = 0; client < 4; client++) {
                int seed = client;
                results.add(pool.submit(() -> {
                    try (EchoCallPath path = DbusJavaConnector.connect(server.address(), true, null)) {
                        return new EchoRun(path, 16, TIMEOUT).run(400, new PayloadGenerator(1000, seed));
                    }
                }));
            }
            for (Future<RunResult> result : results) {
                RunResult run = result.get(60, TimeUnit.SECONDS);
                assertTrue(run.clean(), run.toString());
                assertEquals(400, run.ok());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"unix", "tcp"})
    void standardToolsCanCallThePeerServer(String kind) throws Exception {
        try (PeerEchoServer server = PeerEchoServer.start(listenAddress(kind), new EchoService(), line -> { })) {
            ForeignTool.Result send = ForeignTool.run(List.of("dbus-send", "--peer=" + server.address(), "--print-reply",
                EchoContract.OBJECT_PATH, EchoContract.INTERFACE + ".Echo", "array:byte:1,2,254"));
            assertEquals(0, send.exitCode(), send.stderr());
            assertTrue(send.stdout().replaceAll("\\s+", " ").contains("array of bytes [ 01 02 fe ]"), send.stdout());

            String python = "import dbus\n"
                + "c = dbus.connection.Connection('" + server.address() + "')\n"
                + "o = c.get_object(None, '" + EchoContract.OBJECT_PATH + "')\n"
                + "print(bytes(o.Echo(dbus.ByteArray(b'lab'), dbus_interface='" + EchoContract.INTERFACE + "', byte_arrays=True)).decode())\n"
                + "o.Ping(dbus_interface='org.freedesktop.DBus.Peer')\n";
            ForeignTool.Result py = ForeignTool.run(List.of("/usr/bin/python3", "-c", python));
            assertEquals(0, py.exitCode(), py.stderr());
            assertEquals("lab", py.stdout().strip());
        }
    }

    private static String threadDump() {
        StringBuilder dump = new StringBuilder();
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            dump.append(thread.getName()).append(' ').append(thread.getState()).append('\n');
            for (int i = 0; i < Math.min(12, stack.length); i++) {
                dump.append("    ").append(stack[i]).append('\n');
            }
        });
        return dump.toString();
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition,
                                  java.util.function.Supplier<String> context) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(condition.getAsBoolean(), () -> "condition not reached within 10 s; " + context.get()
            + "\nthreads:\n" + threadDump());
    }
}
