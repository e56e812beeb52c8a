package org.dbuslab.server.peer;

import org.dbuslab.api.Echo1;
import org.dbuslab.server.EchoServer;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Serves the echo object peer-to-peer to many clients, one after another and several at once.
 * dbus-java's listening DirectConnection accepts exactly one peer, so this class owns the listening socket and
 * its accept loop, and gives every accepted socket a DirectConnection of its own.
 */
public final class PeerEchoServer implements EchoServer {

    /**
     * What one server gives its peers: {@code handshakeTimeoutMs} from connecting to the end of SASL, and at most
     * {@code maxConnections} connections at once (those in their handshake included); a peer over either is closed.
     */
    public record Limits(int handshakeTimeoutMs, int maxConnections) {
        public static final int DEFAULT_HANDSHAKE_TIMEOUT_MS = 10_000;
        /** Each connection costs a dbus-java reader thread and its sender: far below the process's thread limit. */
        public static final int DEFAULT_MAX_CONNECTIONS = 256;
        public static final Limits DEFAULT = new Limits(DEFAULT_HANDSHAKE_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS);

        public Limits {
            if (handshakeTimeoutMs < 1) {
                throw new IllegalArgumentException("handshake timeout must be at least 1 ms, not " + handshakeTimeoutMs);
            }
            if (maxConnections < 1) {
                throw new IllegalArgumentException("at least 1 connection must be allowed, not " + maxConnections);
            }
        }
    }

    private final ListenAddress listenAddress;
    private final ServerSocketChannel serverSocket;
    private final String connectAddress;
    private final String guid = randomGuid();
    private final Echo1 service;
    private final Consumer<String> log;
    private final Set<PeerSession> sessions = ConcurrentHashMap.newKeySet();
    private final ExecutorService handshakes = Executors.newCachedThreadPool(daemon("dbus-lab-peer-handshake"));
    private final ExecutorService closer = Executors.newSingleThreadExecutor(daemon("dbus-lab-peer-closer"));
    /** Closes the socket of a peer that has not finished its handshake in time, which ends the blocked SASL read. */
    private final ScheduledExecutorService handshakeTimer =
        Executors.newSingleThreadScheduledExecutor(daemon("dbus-lab-peer-handshake-timer"));
    private final Limits limits;
    /** Accepted sockets still in their handshake; with the sessions, what counts against the connection limit. */
    private final AtomicInteger handshaking = new AtomicInteger();
    private final Thread acceptLoop;
    private volatile boolean closing;

    private PeerEchoServer(ListenAddress listenAddress, Echo1 service, Consumer<String> log, Limits limits)
        throws IOException {
        this.listenAddress = listenAddress;
        this.service = service;
        this.log = log;
        this.limits = limits;
        this.serverSocket = listenAddress.bind();
        this.connectAddress = listenAddress.connectAddress(serverSocket);
        this.acceptLoop = daemon("dbus-lab-peer-accept").newThread(this::acceptForever);
    }

    /** Binds {@code address} and starts accepting; {@code log} receives one line per peer event. */
    public static PeerEchoServer start(String address, Echo1 service, Consumer<String> log) throws IOException {
        return start(address, service, log, Limits.DEFAULT);
    }

    /** As {@link #start(String, Echo1, Consumer)}, with the given {@link Limits}. */
    public static PeerEchoServer start(String address, Echo1 service, Consumer<String> log, Limits limits)
        throws IOException {
        PeerEchoServer server = new PeerEchoServer(ListenAddress.parse(address), service, log, limits);
        server.acceptLoop.start();
        return server;
    }

    @Override
    public String address() {
        return connectAddress;
    }

    /** Number of peers connected right now. */
    public int connectedPeers() {
        return sessions.size();
    }

    private void acceptForever() {
        while (!closing) {
            try {
                SocketChannel channel = serverSocket.accept();
                int open = sessions.size() + handshaking.get();
                if (open >= limits.maxConnections()) {
                    log.accept("peer refused: " + open + " connections already, the limit (--max-connections)");
                    closeQuietly(channel);
                    continue;
                }
                // The SASL handshake blocks on the peer; a slow peer must not hold up the next accept.
                handshaking.incrementAndGet();
                handshakes.execute(() -> serve(channel));
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                if (!closing) {
                    log.accept("accept failed: " + e.getMessage());
                }
            }
        }
    }

    private void serve(SocketChannel channel) {
        AtomicBoolean timedOut = new AtomicBoolean();
        ScheduledFuture<?> deadline = handshakeTimer.schedule(() -> {
            timedOut.set(true);
            closeQuietly(channel);
        }, limits.handshakeTimeoutMs(), TimeUnit.MILLISECONDS);
        boolean handshakeCounted = true;
        try {
            PeerSession session = PeerSession.open(channel, guid, service, closer, this::left, log);
            if (!deadline.cancel(false)) {
                session.close();
                throw new IOException("timed out"); // the timer closed the socket as the handshake ended
            }
            handshaking.decrementAndGet(); // before it counts as a session: never counted twice, refused wrongly
            handshakeCounted = false;
            sessions.add(session);
            log.accept("peer connected (" + sessions.size() + " connected)");
            if (closing) {
                session.close();
            } else if (session.isClosed()) {
                sessions.remove(session); // the peer left during the handshake
            }
        } catch (Exception e) {
            deadline.cancel(false);
            log.accept("peer rejected: " + (timedOut.get()
                ? "no SASL handshake within " + limits.handshakeTimeoutMs() + " ms"
                : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()));
            closeQuietly(channel);
        } finally {
            if (handshakeCounted) {
                handshaking.decrementAndGet();
            }
        }
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // already failing; nothing more to release
        }
    }

    private void left(PeerSession session) {
        if (sessions.remove(session)) {
            log.accept("peer left (" + sessions.size() + " connected)");
        }
    }

    @Override
    public void close() {
        closing = true;
        try {
            serverSocket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        sessions.forEach(PeerSession::close);
        handshakes.shutdownNow();
        handshakeTimer.shutdownNow();
        closer.shutdown();
        listenAddress.cleanUp();
    }

    private static String randomGuid() {
        byte[] bytes = new byte[16];
        ThreadLocalRandom.current().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
