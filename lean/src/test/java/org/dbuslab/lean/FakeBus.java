package org.dbuslab.lean;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A unix socket that plays a bus from a script, for the client's failure paths: it accepts one connection, waits
 * for {@code waitFor} bytes from the client (recorded), sends {@code answer}, then closes or stays silent until
 * closed. Not a bus: the ITs use real ones.
 */
final class FakeBus implements AutoCloseable {

    private final Path socket;
    private final ServerSocketChannel server;
    private final Thread thread;
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile SocketChannel client;

    private FakeBus(Path dir, int waitFor, byte[] answer, boolean hangUp) throws IOException {
        socket = dir.resolve("fake-bus.sock");
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        thread = new Thread(() -> serve(waitFor, answer, hangUp), "fake-bus");
        thread.setDaemon(true);
        thread.start();
    }

    static FakeBus start(Path dir, int waitFor, byte[] answer, boolean hangUp) throws IOException {
        return new FakeBus(dir, waitFor, answer, hangUp);
    }

    String address() {
        return "unix:path=" + socket;
    }

    String path() {
        return socket.toString();
    }

    /** What the client sent until the script answered. */
    byte[] received() throws InterruptedException {
        done.await(10, TimeUnit.SECONDS);
        synchronized (received) {
            return received.toByteArray();
        }
    }

    private void serve(int waitFor, byte[] answer, boolean hangUp) {
        try (SocketChannel c = server.accept()) {
            client = c;
            ByteBuffer buf = ByteBuffer.allocate(65536);
            int total = 0;
            while (total < waitFor) {
                buf.clear();
                int n = c.read(buf);
                if (n < 0) {
                    break;
                }
                synchronized (received) {
                    received.write(buf.array(), 0, n);
                }
                total += n;
            }
            done.countDown();
            ByteBuffer out = ByteBuffer.wrap(answer);
            while (out.hasRemaining()) {
                c.write(out);
            }
            if (!hangUp) {
                ByteBuffer sink = ByteBuffer.allocate(1024);
                while (c.read(sink) >= 0) {
                    sink.clear();
                }
            }
        } catch (IOException e) {
            // closed by the test
        } finally {
            done.countDown();
        }
    }

    @Override
    public void close() throws Exception {
        server.close();
        SocketChannel c = client;
        if (c != null) {
            c.close();
        }
        thread.join(5_000);
        Files.deleteIfExists(socket);
    }
}
