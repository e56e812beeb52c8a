package org.dbuslab.server.peer;

import org.dbuslab.api.Echo1;
import org.dbuslab.api.EchoContract;
import org.dbuslab.api.SpamContract;
import org.dbuslab.labio.LabWire;
import org.dbuslab.server.SpamService;
import org.dbuslab.server.fastpath.ReaderDispatch;
import org.freedesktop.dbus.connections.IDisconnectCallback;
import org.freedesktop.dbus.connections.impl.DirectConnection;
import org.freedesktop.dbus.connections.impl.DirectConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/** One connected peer: its own dbus-java {@link DirectConnection} with the echo object exported. */
final class PeerSession {

    private final DirectConnection connection;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Executor closer;
    private final Consumer<PeerSession> onClosed;
    private final Consumer<String> log;

    private PeerSession(SocketChannel channel, String guid, Echo1 service, Executor closer,
                        Consumer<PeerSession> onClosed, Consumer<String> log) throws DBusException {
        this.closer = closer;
        this.onClosed = onClosed;
        this.log = log;
        this.connection = DirectConnectionBuilder.forAddress(AcceptedChannels.register(channel, guid))
            .withDisconnectCallback(new CloseOnDisconnect())
            .build();
        connection.exportObject(EchoContract.OBJECT_PATH, service);
        connection.exportObject(SpamContract.OBJECT_PATH, new SpamService());
    }

    /** Authenticates the peer and starts serving it; blocks for the SASL handshake only. */
    static PeerSession open(SocketChannel channel, String guid, Echo1 service, Executor closer,
                            Consumer<PeerSession> onClosed, Consumer<String> log) throws DBusException, IOException {
        PeerSession session = new PeerSession(channel, guid, service, closer, onClosed, log);
        // a call that came with the handshake must not reach dbus-java before the dispatch is installed: dbus-java
        // would echo it on any interface and answer errors under its own names
        LabWire.interceptorFollowsOnThisThread(true);
        try {
            session.connection.listen();
            ReaderDispatch.installOnConnectionBuiltByThisThread(session.connection.getMessageFactory(), service, log);
        } catch (IOException | RuntimeException e) {
            session.close();
            throw e;
        } finally {
            LabWire.interceptorFollowsOnThisThread(false);
        }
        return session;
    }

    boolean isClosed() {
        return closed.get();
    }

    /** Disconnects once; safe to call from any thread and more than once. */
    void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                connection.disconnect();
            } catch (RuntimeException e) {
                // dbus-java 5.1.1 can throw a NullPointerException here when it flushes queued messages after
                // the transport is gone (docs/DESIGN.md); the peer is gone either way.
            } finally {
                onClosed.accept(this);
            }
        }
    }

    /**
     * dbus-java reports a peer's end-of-file on a listening connection by calling clientDisconnect() and then
     * reading again, forever: its reader thread would spin. Closing the connection (off the reader thread) ends it.
     */
    private final class CloseOnDisconnect implements IDisconnectCallback {
        @Override
        public void clientDisconnect() {
            if (!closed.get()) {
                closer.execute(PeerSession.this::close);
            }
        }

        /** The peer sent what cannot be read (a bad header, a message over a memory limit): one line, then close. */
        @Override
        public void disconnectOnError(IOException e) {
            if (!closed.get() && e != null && !(e instanceof java.io.EOFException)) {
                log.accept("peer dropped: " + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()));
            }
            clientDisconnect();
        }
    }
}
