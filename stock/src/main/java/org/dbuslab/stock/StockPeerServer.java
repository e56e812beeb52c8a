package org.dbuslab.stock;

import org.dbuslab.api.EchoContract;
import org.dbuslab.cli.OneLine;
import org.freedesktop.dbus.connections.impl.DirectConnection;
import org.freedesktop.dbus.connections.impl.DirectConnectionBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.LinkOption;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The stock echo object peer-to-peer, as dbus-java ships it: a listening DirectConnection exports the object and
 * {@code listen()} accepts exactly one peer. To serve more, every DirectConnection listens on a socket of its own
 * ({@code FILE.1}, {@code FILE.2}, ...) and {@code FILE} is a symbolic link to the one waiting for the next peer: once
 * a peer is accepted the link is swapped atomically to a fresh listener (a client that connects between the accept
 * and the swap, a few milliseconds, waits in the old socket's backlog until its own connect timeout). Each peer stays
 * served until it leaves or the server closes.
 */
final class StockPeerServer implements AutoCloseable {

    private final Path link;
    private final StockEcho echo;
    private final Consumer<String> lost;
    private final Set<DirectConnection> connections = ConcurrentHashMap.newKeySet();
    private final Thread acceptLoop;
    private final CompletableFuture<Void> firstBound = new CompletableFuture<>();
    private volatile boolean closing;

    private StockPeerServer(Path link, StockEcho echo, Consumer<String> lost) {
        this.link = link;
        this.echo = echo;
        this.lost = lost;
        this.acceptLoop = new Thread(this::acceptForever, "dbus-lab-stock-accept");
        acceptLoop.setDaemon(true);
    }

    /** Listens on {@code address} (unix:path=FILE) and returns once a client can connect. */
    static StockPeerServer start(String address, StockEcho echo, Consumer<String> lost) throws Exception {
        if (!address.matches("unix:path=[^,;]+")) {
            throw new IllegalArgumentException("--listen must be unix:path=FILE, was '" + address + "'");
        }
        Path link = Path.of(address.substring("unix:path=".length())).toAbsolutePath();
        if (Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException("--listen " + link + " exists already");
        }
        StockPeerServer server = new StockPeerServer(link, echo, lost);
        server.acceptLoop.start();
        try {
            server.firstBound.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            server.close();
            throw new IOException("cannot listen on " + address + ": " + OneLine.withCauses(e.getCause()), e);
        }
        return server;
    }

    private void acceptForever() {
        for (long n = 1; !closing; n++) {
            Path own = link.resolveSibling(link.getFileName() + "." + n);
            AtomicBoolean bound = new AtomicBoolean();
            DirectConnection connection = null;
            try {
                connection = DirectConnectionBuilder.forAddress("unix:path=" + own + ",listen=true")
                    .transportConfig().withAfterBindCallback(t -> {
                        bound.set(true);
                        pointLinkAt(own);
                        firstBound.complete(null);
                    }).back()
                    .build();
                connection.exportObject(EchoContract.OBJECT_PATH, echo);
                connections.add(connection);
                connection.listen(); // binds, accepts one peer, authenticates it, starts its reader
            } catch (Exception | Error e) {
                if (connection != null) {
                    connections.remove(connection);
                    Bounded.run("dbus-lab-stock-close", connection::disconnect);
                }
                if (closing) {
                    return;
                }
                if (!bound.get()) { // cannot listen any more: nothing more can be served
                    if (!firstBound.completeExceptionally(e)) {
                        lost.accept("cannot listen on " + own + ": " + OneLine.withCauses(e));
                    }
                    return;
                }
                // a peer that failed its handshake costs only its own connection
            }
            connections.removeIf(c -> !c.isConnected());
        }
    }

    /** Swaps {@code link} to {@code target} atomically: a client never finds the path missing. */
    private void pointLinkAt(Path target) {
        try {
            Path fresh = link.resolveSibling(link.getFileName() + ".link");
            Files.deleteIfExists(fresh);
            Files.createSymbolicLink(fresh, target.getFileName());
            Files.move(fresh, link, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot point " + link + " at " + target + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        closing = true;
        for (DirectConnection connection : connections) {
            Bounded.run("dbus-lab-stock-close", connection::disconnect);
        }
        try {
            Files.deleteIfExists(link);
        } catch (IOException ignored) {
            // gone with its directory
        }
    }
}
