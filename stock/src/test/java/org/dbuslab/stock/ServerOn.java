package org.dbuslab.stock;

import org.dbuslab.testkit.TestJvm;

import org.dbuslab.api.EchoContract;
import org.dbuslab.testkit.LabPaths;
import org.dbuslab.testkit.LineProcess;
import org.dbuslab.testkit.ReadyServer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * An echo server process on one transport: a private bus (lab/bus.sh through testkit) with the server owning its
 * name, or the server listening peer-to-peer on a unix socket. The stock server runs from this test classpath, the
 * lab's Java server from its jar (server/target/dbus-lab-server.jar, built first by the reactor).
 */
final class ServerOn implements AutoCloseable {

    enum Kind {
        STOCK(StockServerMain.DEFAULT_NAME), JAVA(EchoContract.BUS_NAME);

        final String busName;

        Kind(String busName) {
            this.busName = busName;
        }

        List<String> command() {
            List<String> java = TestJvm.java();
            java.addAll(TestJvm.LEAN_FLAGS);
            if (this == STOCK) {
                java.addAll(List.of("-cp", System.getProperty("java.class.path"), StockServerMain.class.getName()));
            } else {
                java.addAll(List.of("-jar", LabPaths.repositoryRoot().resolve("server/target/dbus-lab-server.jar").toString()));
            }
            return java;
        }
    }

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    final Kind kind;
    final String transport;
    private final ReadyServer server;

    private ServerOn(Kind kind, String transport, ReadyServer server) {
        this.kind = kind;
        this.transport = transport;
        this.server = server;
    }

    /** @param transport dbus-daemon, dbus-broker or p2p-unix */
    static ServerOn start(Kind kind, String transport, String... extra) throws Exception {
        boolean peer = "p2p-unix".equals(transport);
        return new ServerOn(kind, transport, ReadyServer.start(kind.toString(), kind.command(), transport,
            peer ? dir -> "unix:path=" + dir.resolve("echo.sock") : null, READY_TIMEOUT, List.of(extra)));
    }

    boolean peer() {
        return server.peer();
    }

    String address() {
        return server.address();
    }

    /** A stock client's connection options for this server. */
    List<String> clientOptions() {
        List<String> options = new ArrayList<>(List.of("--address", address()));
        if (peer()) {
            options.add("--peer");
        } else {
            options.addAll(List.of("--dest", kind.busName));
        }
        return options;
    }

    /** Connects an in-process stock call path to this server. */
    StockCallPath connect(boolean sync, long replyTimeoutMs) throws Exception {
        return StockConnector.connect(address(), peer(), kind.busName, 20_000, replyTimeoutMs, sync);
    }

    LineProcess process() {
        return server.process();
    }

    @Override
    public String toString() {
        return kind + " server on " + transport;
    }

    @Override
    public void close() throws Exception {
        server.close();
    }
}
