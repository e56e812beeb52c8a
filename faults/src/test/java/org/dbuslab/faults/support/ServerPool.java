package org.dbuslab.faults.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

import org.dbuslab.format.Transport;

/**
 * One echo server per transport for the cases of a test class that stall it and resume it: they need not pay a
 * server start each. A server that died is replaced; a stalled one is resumed before it is handed out again.
 */
public final class ServerPool implements AutoCloseable {

    private final BusPool buses;
    private final Map<Transport, EchoServer> servers = new EnumMap<>(Transport.class);
    private Path dir;

    public ServerPool(BusPool buses) {
        this.buses = buses;
    }

    public synchronized EchoServer get(Transport transport) {
        EchoServer server = servers.get(transport);
        if (server != null && server.process().isAlive()) {
            server.process().resume();
            return server;
        }
        if (server != null) {
            server.close();
        }
        server = EchoServer.start(transport, buses.get(transport), dir(transport));
        servers.put(transport, server);
        return server;
    }

    /** Each server's own folder (its p2p socket and logs), outside any single case's folder. */
    private Path dir(Transport transport) {
        try {
            if (dir == null) {
                dir = Files.createTempDirectory("dbus-lab-faults-servers-");
            }
            return Files.createDirectories(dir.resolve(transport.label() + "-" + System.nanoTime()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        servers.values().forEach(EchoServer::close);
        servers.clear();
        if (dir != null) {
            org.dbuslab.testkit.LabPaths.deleteTree(dir);
        }
    }
}
