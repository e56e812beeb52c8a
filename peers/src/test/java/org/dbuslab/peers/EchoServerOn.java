package org.dbuslab.peers;

import org.dbuslab.testkit.LineProcess;
import org.dbuslab.testkit.ReadyServer;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

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

    private final ReadyServer server;
    private final Transport transport;
    private final String busName;

    private EchoServerOn(ReadyServer server, Transport transport, String busName) {
        this.server = server;
        this.transport = transport;
        this.busName = busName;
    }

    static EchoServerOn start(Library library, Transport transport, String... extra) throws Exception {
        Function<Path, String> listen = switch (transport) {
            case P2P_UNIX -> dir -> "unix:path=" + dir.resolve("echo.sock");
            case P2P_TCP -> dir -> "tcp:host=127.0.0.1,port=0";
            default -> null;
        };
        return new EchoServerOn(ReadyServer.start(library.toString(), library.serverCommand(), transport.label, listen,
            READY_TIMEOUT, List.of(extra)), transport, library.busName);
    }

    /** What a client needs to reach this server: --address, then --peer for a direct connection or --dest. */
    List<String> clientOptions() {
        List<String> options = new ArrayList<>(List.of("--address", address()));
        if (transport.peer()) {
            options.add("--peer");
        } else {
            options.addAll(List.of("--dest", busName));
        }
        return options;
    }

    /** The bus address (for a server on a bus) or the listening address. */
    String address() {
        return server.address();
    }

    LineProcess process() {
        return server.process();
    }

    @Override
    public void close() throws Exception {
        server.close();
    }
}
