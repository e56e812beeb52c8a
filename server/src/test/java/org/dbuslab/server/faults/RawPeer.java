package org.dbuslab.server.faults;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * A hostile or clumsy peer on a plain TCP socket: it can authenticate (SASL ANONYMOUS, which the lab's TCP server
 * offers) and then send any bytes at all, which dbus-java's client would never let a test send. It reports what
 * the server did in answer.
 */
final class RawPeer implements AutoCloseable {

    /** What the server did after the peer's bytes. */
    enum Outcome { ANSWERED, CLOSED, SILENT }

    private final Socket socket;
    private final InputStream in;

    private RawPeer(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
    }

    /** Connects to {@code tcp:host=H,port=P}. */
    static RawPeer connect(String tcpAddress) throws IOException {
        String host = param(tcpAddress, "host");
        int port = Integer.parseInt(param(tcpAddress, "port"));
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress(host, port), 5_000);
        socket.setTcpNoDelay(true);
        return new RawPeer(socket);
    }

    private static String param(String address, String key) {
        for (String pair : address.substring(address.indexOf(':') + 1).split(",")) {
            if (pair.startsWith(key + "=")) {
                return pair.substring(key.length() + 1);
            }
        }
        throw new IllegalArgumentException("no " + key + " in " + address);
    }

    /** The SASL exchange of a D-Bus client, by the specification's text protocol; then messages may follow. */
    RawPeer authenticate() throws IOException {
        send("\0AUTH ANONYMOUS\r\n".getBytes(StandardCharsets.US_ASCII));
        socket.setSoTimeout(5_000);
        String line = readLine();
        if (!line.startsWith("OK ")) {
            throw new IOException("server refused SASL ANONYMOUS: " + line);
        }
        send("BEGIN\r\n".getBytes(StandardCharsets.US_ASCII));
        return this;
    }

    private String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != '\n') {
            if (b < 0) {
                throw new IOException("server closed during SASL after '" + line + "'");
            }
            line.write(b);
        }
        return line.toString(StandardCharsets.US_ASCII).strip();
    }

    RawPeer send(byte[] bytes) throws IOException {
        socket.getOutputStream().write(bytes);
        socket.getOutputStream().flush();
        return this;
    }

    /**
     * Waits up to {@code millis} for the server: bytes from it (ANSWERED), the end of the connection (CLOSED, also
     * a reset), or nothing (SILENT, e.g. it waits for the rest of a message that claims to be longer).
     */
    Outcome await(int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            return in.read() < 0 ? Outcome.CLOSED : Outcome.ANSWERED;
        } catch (SocketTimeoutException e) {
            return Outcome.SILENT;
        } catch (IOException e) {
            return Outcome.CLOSED; // reset: the server closed with our bytes unread
        }
    }

    /** Reads until the server closes the connection or {@code millis} pass: true when it closed. */
    boolean closedWithin(int millis) throws IOException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (System.nanoTime() < deadline) {
            Outcome outcome = await((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            if (outcome == Outcome.CLOSED) {
                return true;
            }
            if (outcome == Outcome.SILENT) {
                return false;
            }
            in.skip(in.available()); // an answer (an error reply?) then maybe the end: keep reading
        }
        return false;
    }

    /** Leaves abruptly: the connection is reset (RST), whatever the server still had to send or read. */
    void reset() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
