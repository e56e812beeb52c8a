package org.dbuslab.scale.relay;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** A plain TCP echo for the relay's tests: every byte goes back as it came, whatever it is (no framing). */
final class ByteEchoServer implements AutoCloseable {

    private final ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());

    ByteEchoServer() throws IOException {
        Thread acceptor = new Thread(this::acceptLoop, "test-byte-echo");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    RelayTarget target() {
        return new RelayTarget("127.0.0.1", server.getLocalPort(), null, null);
    }

    private void acceptLoop() {
        while (true) {
            try {
                Socket socket = server.accept();
                socket.setTcpNoDelay(true);
                Thread echo = new Thread(() -> {
                    try (socket) {
                        socket.getInputStream().transferTo(socket.getOutputStream());
                    } catch (IOException ignored) {
                        // the test closed its side
                    }
                }, "test-byte-echo-conn");
                echo.setDaemon(true);
                echo.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
