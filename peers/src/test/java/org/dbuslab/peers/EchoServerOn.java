package org.dbuslab.peers;

import org.dbuslab.testkit.LineProcess;
import org.dbuslab.testkit.LabPaths;
import org.dbuslab.testkit.PrivateBus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * An echo server of one library on one transport: a private bus (lab/bus.sh through testkit) with the server
 * owning the name, or the server listening peer-to-peer. It knows the options a client needs to reach it.
 */
final class EchoServerOn implements AutoCloseable {

    enum Transport {
        DBUS_DAEMON("dbus-daemon"), DBUS_BROKER("dbus-broker"), P2P_UNIX("p2p-unix"), P2P_TCP("p2p-tcp");

        final String label;

        Transport(String label) {
            this.label = label;
        }

        boolean peer() {
            return this == P2P_UNIX || this == P2P_TCP;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    private final PrivateBus bus;
    private final Path dir;
    private final LineProcess server;
    private final String address;
    private final Transport transport;
    private final String busName;

    private EchoServerOn(PrivateBus bus, Path dir, LineProcess server, String address, Transport transport,
                         String busName) {
        this.bus = bus;
        this.dir = dir;
        this.server = server;
        this.address = address;
        this.transport = transport;
        this.busName = busName;
    }

    static EchoServerOn start(Library library, Transport transport, String... extra) throws Exception {
        List<String> command = library.serverCommand();
        PrivateBus bus = transport.peer() ? null : PrivateBus.start(transport.label);
        Path dir = Files.createTempDirectory("peers-test-");
        switch (transport) {
            case P2P_UNIX -> command.addAll(List.of("--listen", "unix:path=" + dir.resolve("echo.sock")));
            case P2P_TCP -> command.addAll(List.of("--listen", "tcp:host=127.0.0.1,port=0"));
            default -> command.addAll(List.of("--bus", bus.address()));
        }
        command.addAll(List.of(extra));
        LineProcess server = null;
        try {
            server = LineProcess.start(command);
            String ready = server.nextLine(READY_TIMEOUT);
            if (!ready.startsWith("ready ")) {
                throw new IOException(library + " server said '" + ready + "' instead of 'ready ADDRESS'");
            }
            String address = transport.peer() ? ready.substring("ready ".length()) : bus.address();
            return new EchoServerOn(bus, dir, server, address, transport, library.busName);
        } catch (Exception e) {
            if (server != null) {
                server.close();
            }
            if (bus != null) {
                bus.close();
            }
            LabPaths.deleteTree(dir);
            throw e;
        }
    }

    /** What a client needs to reach this server: --address, then --peer for a direct connection or --dest. */
    List<String> clientOptions() {
        List<String> options = new ArrayList<>(List.of("--address", address));
        if (transport.peer()) {
            options.add("--peer");
        } else {
            options.addAll(List.of("--dest", busName));
        }
        return options;
    }

    /** The bus address (for a server on a bus) or the listening address. */
    String address() {
        return address;
    }

    LineProcess process() {
        return server;
    }

    @Override
    public void close() throws Exception {
        try {
            server.close();
        } finally {
            if (bus != null) {
                bus.close();
            }
            LabPaths.deleteTree(dir);
        }
    }
}
