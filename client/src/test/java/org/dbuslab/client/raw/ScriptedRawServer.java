package org.dbuslab.client.raw;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deliberately imperfect raw echo server for tests: a script decides, call by call, whether the frame goes back
 * unchanged, corrupted, not at all, or whether the connection is cut. Connections and the calls on each are
 * counted from 0.
 */
final class ScriptedRawServer implements AutoCloseable {

    /** What to do with call number {@code call} (0-based) and its payload. */
    interface Script {
        Action decide(int connection, int call, byte[] payload);
    }

    /** {@code reply == null} with {@code hangUp} false: say nothing and keep reading. */
    record Action(byte[] reply, boolean hangUp) {
        static Action echo(byte[] payload) {
            return new Action(payload, false);
        }

        static Action silence() {
            return new Action(null, false);
        }

        static Action cut() {
            return new Action(null, true);
        }
    }

    private final ServerSocketChannel server;
    private final RawAddress address;
    private final Script script;
    private final AtomicInteger connections = new AtomicInteger();
    private final Thread acceptor;

    ScriptedRawServer(Path unixSocket, Script script) throws IOException {
        this.script = script;
        if (unixSocket != null) {
            server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(unixSocket));
            address = RawAddress.parse("unix:path=" + unixSocket);
        } else {
            server = ServerSocketChannel.open();
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            address = RawAddress.parse("tcp:host=127.0.0.1,port=" + ((InetSocketAddress) server.getLocalAddress()).getPort());
        }
        acceptor = new Thread(this::accept, "scripted-raw-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    RawAddress address() {
        return address;
    }

    private void accept() {
        while (server.isOpen()) {
            try {
                SocketChannel connection = server.accept();
                int number = connections.getAndIncrement();
                Thread worker = new Thread(() -> serve(connection, number), "scripted-raw-conn");
                worker.setDaemon(true);
                worker.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(SocketChannel connection, int number) {
        try (connection) {
            int call = 0;
            ByteBuffer header = ByteBuffer.allocate(4);
            while (true) {
                header.clear();
                if (!readFully(connection, header)) {
                    return;
                }
                byte[] payload = new byte[header.flip().getInt()];
                if (!readFully(connection, ByteBuffer.wrap(payload))) {
                    return;
                }
                Action action = script.decide(number, call++, payload);
                if (action.hangUp()) {
                    return;
                }
                if (action.reply() != null) {
                    ByteBuffer out = ByteBuffer.allocate(4 + action.reply().length);
                    out.putInt(action.reply().length).put(action.reply()).flip();
                    while (out.hasRemaining()) {
                        connection.write(out);
                    }
                }
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    private static boolean readFully(SocketChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.read(buffer) < 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
