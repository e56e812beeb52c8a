package org.dbuslab.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A server process that prints {@code ready ADDRESS} once it serves (the lab's Java, stock and C echo servers): on a
 * private bus of its own (lab/bus.sh) with {@code --bus ADDRESS}, or listening peer-to-peer with {@code --listen}.
 * Everything it started (process, bus, temp folder) is stopped again on close, and when it does not get ready.
 */
public final class ReadyServer implements AutoCloseable {

    private final PrivateBus bus;
    private final Path dir;
    private final LineProcess server;
    private final String address;

    private ReadyServer(PrivateBus bus, Path dir, LineProcess server, String address) {
        this.bus = bus;
        this.dir = dir;
        this.server = server;
        this.address = address;
    }

    /**
     * @param name      for the message when the server says something else than {@code ready ADDRESS}
     * @param command   the server's command without its address options
     * @param transport the bus to start (dbus-daemon, dbus-broker) when {@code listen} is null
     * @param listen    the --listen address given a private temp folder (peer-to-peer), or null for a bus
     * @param extra     options after the address options
     */
    public static ReadyServer start(String name, List<String> command, String transport, Function<Path, String> listen,
                                    Duration readyTimeout, List<String> extra) throws Exception {
        PrivateBus bus = listen != null ? null : PrivateBus.start(transport);
        Path dir = Files.createTempDirectory("dbus-lab-server-");
        List<String> argv = new ArrayList<>(command);
        argv.addAll(listen != null ? List.of("--listen", listen.apply(dir)) : List.of("--bus", bus.address()));
        argv.addAll(extra);
        LineProcess server = null;
        try {
            server = LineProcess.start(argv);
            String ready = server.nextLine(readyTimeout);
            if (!ready.startsWith("ready ")) {
                throw new IOException(name + " server said '" + ready + "' instead of 'ready ADDRESS'");
            }
            return new ReadyServer(bus, dir, server, listen != null ? ready.substring("ready ".length()) : bus.address());
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

    /** Listening peer-to-peer, not on a bus. */
    public boolean peer() {
        return bus == null;
    }

    /** The bus address (for a server on a bus) or the listening address it printed. */
    public String address() {
        return address;
    }

    public LineProcess process() {
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
