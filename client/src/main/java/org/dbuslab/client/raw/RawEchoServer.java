package org.dbuslab.client.raw;

import org.dbuslab.cli.AllocationProbe;
import org.dbuslab.cli.LabCli;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.EOFException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The raw-socket floor's server: accepts any number of clients on a unix socket or on TCP (the JDK's own
 * channels, blocking, one thread per connection, TCP_NODELAY) and writes every frame back exactly as it came.
 * No D-Bus anywhere: what a round trip costs below any D-Bus library or bus.
 */
@Command(name = "raw-echo-server", mixinStandardHelpOptions = true, version = "raw-echo-server 0.1.0",
    sortOptions = false, usageHelpWidth = 110,
    description = {
        "Echo server for the raw-socket floor: frames of a 4-byte big-endian length plus payload, each written back",
        "unchanged. When ready it prints one line on stdout: 'ready <address>' (with the kernel-chosen port for",
        "port=0), then serves until SIGTERM or Ctrl-C. Run it as",
        "  java -cp dbus-lab-client.jar org.dbuslab.client.raw.RawEchoServer --listen ADDRESS"},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:stopped by a signal", "1:could not bind", "2:bad usage"})
public final class RawEchoServer implements Callable<Integer> {

    private static final String PROG = "raw-echo-server";

    @Option(names = "--listen", required = true, paramLabel = "ADDRESS",
        description = "unix:path=FILE (FILE must not exist) or tcp:host=127.0.0.1,port=N (0 = any free port).")
    String listen;

    @Option(names = "--alloc-socket", paramLabel = "FILE",
        description = "Also listen on the Unix socket FILE (which must not exist) as the lab's allocation probe: each "
            + "connection gets one line, the bytes the server's threads have allocated so far, and is closed. The "
            + "session runner reads it before and after each run.")
    Path allocSocket;

    private final PrintStream out;
    private final PrintStream err;

    RawEchoServer(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        LabCli.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return LabCli.execute(new RawEchoServer(out, err), PROG, LabCli.FAILURE, args, out, err);
    }

    @Override
    public Integer call() throws Exception {
        RawAddress address;
        try {
            address = RawAddress.parse(listen);
        } catch (IllegalArgumentException e) {
            return LabCli.fail(err, PROG, "--listen " + e.getMessage(), LabCli.USAGE);
        }
        Running server;
        AllocationProbe probe;
        try {
            probe = allocSocket != null ? AllocationProbe.serve(allocSocket) : null;
        } catch (IOException e) {
            return LabCli.fail(err, PROG, "--alloc-socket: " + e.getMessage(), LabCli.FAILURE);
        }
        try {
            server = start(address, line -> err.println("raw-echo-server: " + line));
        } catch (IOException e) {
            return LabCli.fail(err, PROG, "cannot listen on " + address + ": " + e, LabCli.FAILURE);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            if (probe != null) {
                probe.close();
            }
            stopped.countDown();
        }, "raw-echo-server-stop"));
        out.println("ready " + server.address());
        out.flush();
        stopped.await();
        return LabCli.OK;
    }

    /** Binds {@code address} and serves in background threads until {@link Running#close()}. */
    public static Running start(RawAddress address, Consumer<String> log) throws IOException {
        ServerSocketChannel channel = address.openServer();
        try {
            channel.bind(address.socketAddress(), 64);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        RawAddress actual = address.isUnix() ? address
            : address.withPort(((InetSocketAddress) channel.getLocalAddress()).getPort());
        Running running = new Running(channel, actual, log);
        Thread acceptor = new Thread(running::acceptLoop, "raw-echo-accept");
        acceptor.setDaemon(true);
        acceptor.start();
        return running;
    }

    /** A listening server; closing it stops accepting, closes every connection and removes the unix socket. */
    public static final class Running implements AutoCloseable {

        private final ServerSocketChannel channel;
        private final RawAddress address;
        private final Consumer<String> log;
        private final Set<SocketChannel> connections = ConcurrentHashMap.newKeySet();
        private final AtomicInteger accepted = new AtomicInteger();
        private volatile boolean closed;

        private Running(ServerSocketChannel channel, RawAddress address, Consumer<String> log) {
            this.channel = channel;
            this.address = address;
            this.log = log;
        }

        public RawAddress address() {
            return address;
        }

        private void acceptLoop() {
            while (!closed) {
                SocketChannel connection;
                try {
                    connection = channel.accept();
                } catch (IOException e) {
                    if (!closed) {
                        log.accept("accept failed, no longer accepting: " + e);
                    }
                    return;
                }
                int number = accepted.incrementAndGet();
                connections.add(connection);
                Thread worker = new Thread(() -> serve(connection, number), "raw-echo-conn-" + number);
                worker.setDaemon(true);
                worker.start();
            }
        }

        private void serve(SocketChannel connection, int number) {
            try (connection) {
                if (!address.isUnix()) {
                    connection.setOption(StandardSocketOptions.TCP_NODELAY, true);
                }
                echo(connection);
            } catch (EOFException | ClosedChannelException e) {
                // the client went away (or we are closing): normal end of a connection
            } catch (IOException e) {
                if (!closed && !isReset(e)) {
                    log.accept("connection " + number + " ended: " + e.getMessage());
                }
            } finally {
                connections.remove(connection);
            }
        }

        private static boolean isReset(IOException e) {
            return e instanceof AsynchronousCloseException || String.valueOf(e.getMessage()).contains("reset");
        }

        /**
         * Reads what is there, writes back every complete frame in one write (pipelined clients get several per
         * write), keeps an incomplete frame for the next read. Frames go back byte for byte, header included.
         */
        private static void echo(SocketChannel connection) throws IOException {
            ByteBuffer buffer = ByteBuffer.allocateDirect(64 * 1024);
            buffer.limit(0);
            while (true) {
                int start = buffer.position();
                int end = start;
                while (buffer.limit() - end >= Frames.HEADER_BYTES) {
                    int length = buffer.getInt(end);
                    Frames.checkLength(length);
                    if (buffer.limit() - end - Frames.HEADER_BYTES < length) {
                        break;
                    }
                    end += Frames.HEADER_BYTES + length;
                }
                if (end > start) {
                    Frames.writeFully(connection, buffer.duplicate().position(start).limit(end));
                    buffer.position(end);
                }
                if (buffer.remaining() >= Frames.HEADER_BYTES) {
                    int needed = Frames.HEADER_BYTES + buffer.getInt(buffer.position());
                    if (needed > buffer.capacity()) {
                        ByteBuffer bigger = ByteBuffer.allocateDirect(needed);
                        bigger.put(buffer).flip();
                        buffer = bigger;
                    }
                }
                buffer.compact();
                int n = connection.read(buffer);
                buffer.flip();
                if (n < 0) {
                    if (buffer.hasRemaining()) {
                        throw new IOException("client closed the connection in the middle of a frame");
                    }
                    return;
                }
            }
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing anyway
            }
            for (SocketChannel connection : connections) {
                try {
                    connection.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
            if (address.isUnix()) {
                try {
                    Files.deleteIfExists(address.path());
                } catch (IOException ignored) {
                    // a stale socket file is harmless to us
                }
            }
        }
    }
}
