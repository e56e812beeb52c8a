package org.dbuslab.cli;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * The lab's allocation probe of a server JVM (the lab's own, not part of any D-Bus contract): a Unix socket on which
 * each connection is answered with one line, the bytes the server's other threads have allocated so far
 * ({@link AllocatedBytes#ofOtherThreads}, decimal, -1 when the JVM does not count), and closed. The session runner
 * reads it right before and right after each run, outside the run's timed and CPU windows, without touching the
 * server's D-Bus connections; the probe's own thread is not counted. Defined once here: {@link #serve} and
 * {@link #read}.
 */
public final class AllocationProbe implements AutoCloseable {

    /** Longest answer: a long's digits and its line break. */
    private static final int MAX_ANSWER_BYTES = 21;

    private final Path socket;
    private final ServerSocketChannel channel;

    private AllocationProbe(Path socket, ServerSocketChannel channel) {
        this.socket = socket;
        this.channel = channel;
    }

    /**
     * Listens on SOCKET (which must not exist) and answers on a daemon thread of its own until {@link #close}.
     *
     * @throws IOException when SOCKET cannot be bound (it exists, its folder does not, the path is too long)
     */
    public static AllocationProbe serve(Path socket) throws IOException {
        ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.bind(UnixDomainSocketAddress.of(socket));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw new IOException("cannot listen on " + socket + ": " + OneLine.message(e), e);
        }
        AllocationProbe probe = new AllocationProbe(socket, channel);
        Thread thread = new Thread(probe::answer, "dbus-lab-allocation-probe");
        thread.setDaemon(true);
        thread.start();
        return probe;
    }

    private void answer() {
        AllocatedBytes allocated = AllocatedBytes.ofOtherThreads();
        while (channel.isOpen()) {
            try (SocketChannel connection = channel.accept()) {
                ByteBuffer line = ByteBuffer.wrap((allocated.read() + "\n").getBytes(StandardCharsets.US_ASCII));
                while (line.hasRemaining()) {
                    connection.write(line);
                }
            } catch (IOException e) {
                // closed, or the reader left early: it reads nothing, which it reports as unknown
            }
        }
    }

    /** Stops answering and removes the socket. */
    @Override
    public void close() {
        try {
            channel.close();
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            // the process is leaving, or the folder is gone already
        }
    }

    /**
     * One reading of the probe at SOCKET within TIMEOUT; empty when nobody answers in time, the answer is not a whole
     * number, or it is -1 (the JVM does not count).
     */
    public static OptionalLong read(Path socket, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
             Selector selector = Selector.open()) {
            channel.connect(UnixDomainSocketAddress.of(socket)); // a Unix socket connects at once, or is refused
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ);
            ByteBuffer answer = ByteBuffer.allocate(MAX_ANSWER_BYTES + 1);
            while (answer.hasRemaining()) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || selector.select(Math.max(1, left / 1_000_000)) == 0 && System.nanoTime() >= deadline) {
                    return OptionalLong.empty();
                }
                selector.selectedKeys().clear();
                if (channel.read(answer) < 0) {
                    break;
                }
            }
            return parse(new String(answer.array(), 0, answer.position(), StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** The answer line as the probe writes it; empty for anything else, and for -1. */
    static OptionalLong parse(String answer) {
        if (!answer.matches("(0|[1-9][0-9]{0,18})\n")) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(answer.strip()));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
