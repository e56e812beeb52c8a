package org.dbuslab.scale.relay;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A loopback TCP delay line: listens on 127.0.0.1 (kernel-chosen port), connects every accepted connection to the
 * target (TCP or a unix socket), and forwards each chunk in both directions after holding it for the delay (one way). Byte-transparent:
 * D-Bus over TCP (DBUS_COOKIE_SHA1 included) and the raw floor pass unchanged. This kernel has no netem.
 */
public final class DelayRelay implements AutoCloseable {

    private final RelayTarget target;
    private final DelaySettings settings;
    private final Consumer<String> log;
    private final ServerSocket server;
    private final Thread acceptor;
    private final Set<RelayedConnection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicLong upBytes = new AtomicLong();
    private final AtomicLong downBytes = new AtomicLong();
    private volatile boolean closed;

    private DelayRelay(RelayTarget target, DelaySettings settings, Consumer<String> log) throws IOException {
        this.target = target;
        this.settings = settings;
        this.log = log;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        this.acceptor = new Thread(this::acceptLoop, "relay-accept");
        acceptor.setDaemon(true);
    }

    /** Listens at once and forwards to {@code target} as {@code settings} say; {@code log} gets one line per event. */
    public static DelayRelay start(RelayTarget target, DelaySettings settings, Consumer<String> log) throws IOException {
        DelayRelay relay = new DelayRelay(target, settings, log);
        relay.acceptor.start();
        return relay;
    }

    /** The defaults, {@code delayNanos} one way, no log. */
    public static DelayRelay start(RelayTarget target, long delayNanos) throws IOException {
        return start(target, DelaySettings.of(delayNanos), line -> { });
    }

    public int port() {
        return server.getLocalPort();
    }

    /** The target's address as seen through this relay (a D-Bus address when the target was given as one). */
    public String address() {
        return target.throughRelay(port());
    }

    public DelaySettings settings() {
        return settings;
    }

    /** Bytes forwarded client → target, and target → client, over all connections so far. */
    public long upBytes() {
        return upBytes.get();
    }

    public long downBytes() {
        return downBytes.get();
    }

    public int openConnections() {
        return connections.size();
    }

    /** Bytes held in the delay lines right now (bounded by 2 × budget per connection). */
    public long queuedBytes() {
        return connections.stream().mapToLong(RelayedConnection::queuedBytes).sum();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                if (!closed) {
                    log.accept("accept failed, no longer accepting: " + e.getMessage());
                }
                return;
            }
            relay(client, accepted.incrementAndGet());
        }
    }

    private void relay(Socket client, int number) {
        Endpoint upstream = null;
        try {
            client.setTcpNoDelay(true);
            upstream = target.connect();
            RelayedConnection connection = new RelayedConnection(number, Endpoint.of(client), upstream, settings,
                upBytes, downBytes, connections::remove, log);
            connections.add(connection);
            connection.start();
            if (closed) {
                connection.close();
            }
        } catch (IOException e) {
            log.accept("connection " + number + ": cannot reach " + target.describe() + ": " + e.getMessage());
            closeQuietly(client);
            if (upstream != null) {
                closeQuietly(upstream);
            }
        }
    }

    /** Stops accepting, closes every relayed connection, and waits (bounded) for their threads. */
    @Override
    public void close() throws InterruptedException {
        closed = true;
        closeQuietly(server);
        acceptor.join(2_000);
        for (RelayedConnection connection : Set.copyOf(connections)) {
            connection.close();
            connection.join(2_000);
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // closing anyway
        }
    }
}
