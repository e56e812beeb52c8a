package org.dbuslab.client.hostile;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A hand-written D-Bus peer on a real socket, for the client's fault and fuzz tests: it can say nothing at all, speak
 * something that is not D-Bus, authenticate and then go silent, or answer each echo call with whatever a
 * {@link Responder} makes of it — the right reply, a mutated one, garbage, nothing. Ping (the client's probe) and
 * Hello are answered correctly whenever the peer answers at all. Each connection is served on a thread of its own.
 */
public final class FakePeer implements AutoCloseable {

    /** What the peer does once a client has connected. */
    public enum Opening {
        /** Accepts and never says a word (reads nothing either). */
        SILENT,
        /** Answers the client's first bytes with something that is not D-Bus, then reads and ignores. */
        NOT_DBUS,
        /** Authenticates (SASL EXTERNAL or ANONYMOUS), then reads messages and says nothing. */
        AUTH_THEN_SILENT,
        /** Authenticates, answers Ping and Hello, and hands each other call to the responder. */
        ANSWER
    }

    /** Makes the bytes the peer writes for echo call number {@code index} (from 0); null writes nothing. */
    @FunctionalInterface
    public interface Responder {
        byte[] answer(int index, TestFrames.Call call, int serial) throws IOException;
    }

    /** Thrown by a responder to make the peer write {@code last} (maybe nothing) and close the connection. */
    static final class Hangup extends IOException {
        private final transient byte[] last;

        Hangup(byte[] last) {
            super("hang up");
            this.last = last;
        }
    }

    /** Thrown by a responder to make the peer stop reading and answering, the connection left open. */
    static final class Stall extends IOException {
        Stall() {
            super("stall");
        }
    }

    private static final String GUID = "0123456789abcdef0123456789abcdef";

    private final ServerSocketChannel server;
    private final String address;
    private final Opening opening;
    private final Responder responder;
    private final Set<SocketChannel> clients = ConcurrentHashMap.newKeySet();
    private final AtomicInteger serial = new AtomicInteger(1);
    /** What each connection said and was told during SASL, for a failure's message (a rare connect timeout). */
    private final java.util.Queue<String> transcript = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final Thread acceptor;

    private FakePeer(ServerSocketChannel server, String address, Opening opening, Responder responder) {
        this.server = server;
        this.address = address;
        this.opening = opening;
        this.responder = responder;
        this.acceptor = new Thread(this::acceptForever, "fake-peer-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** A peer on a unix socket at {@code path}. */
    public static FakePeer unix(Path path, Opening opening, Responder responder) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(path));
        return new FakePeer(server, "unix:path=" + path, opening, responder);
    }

    /** A peer on 127.0.0.1 (for openings that never complete authentication). */
    public static FakePeer tcp(Opening opening) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open();
        server.bind(new InetSocketAddress("127.0.0.1", 0));
        int port = ((InetSocketAddress) server.getLocalAddress()).getPort();
        return new FakePeer(server, "tcp:host=127.0.0.1,port=" + port, opening, null);
    }

    /** The D-Bus address clients connect to. */
    public String address() {
        return address;
    }

    private void acceptForever() {
        while (server.isOpen()) {
            try {
                SocketChannel client = server.accept();
                clients.add(client);
                Thread serve = new Thread(() -> serve(client), "fake-peer-serve");
                serve.setDaemon(true);
                serve.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(SocketChannel client) {
        try (client) {
            InputStream in = Channels.newInputStream(client);
            OutputStream out = Channels.newOutputStream(client);
            switch (opening) {
                case SILENT -> waitForClose(client);
                case NOT_DBUS -> {
                    in.read();
                    out.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    drain(in);
                }
                case AUTH_THEN_SILENT -> {
                    authenticate(in, out, transcript);
                    drain(in);
                }
                case ANSWER -> {
                    authenticate(in, out, transcript);
                    answerCalls(new DataInputStream(in), out, client);
                }
            }
        } catch (Stall e) {
            waitForClose(client);
        } catch (IOException | RuntimeException e) {
            // the client went away, or the responder hung up
        }
    }

    /** The server's side of SASL: rejects a bare AUTH, accepts EXTERNAL and ANONYMOUS, agrees to fd passing. */
    private static void authenticate(InputStream in, OutputStream out, java.util.Queue<String> transcript)
        throws IOException {
        transcript.add("accepted");
        if (in.read() != 0) {
            throw new IOException("no leading nul byte");
        }
        while (true) {
            String line = readLine(in);
            transcript.add("< " + line);
            String reply;
            if (line.equals("BEGIN")) {
                return;
            } else if (line.startsWith("AUTH EXTERNAL") || line.startsWith("AUTH ANONYMOUS")) {
                reply = "OK " + GUID;
            } else if (line.equals("NEGOTIATE_UNIX_FD")) {
                reply = "AGREE_UNIX_FD"; // dbus-java takes an ERROR here for a failed authentication
            } else if (line.startsWith("AUTH")) {
                reply = "REJECTED EXTERNAL ANONYMOUS";
            } else {
                reply = "ERROR not-supported"; // dbus-java cannot parse a bare ERROR
            }
            out.write((reply + "\r\n").getBytes(StandardCharsets.US_ASCII));
            transcript.add("> " + reply);
        }
    }

    /** The SASL lines heard ("< ") and answered ("> ") on every connection so far, in order. */
    public String saslTranscript() {
        return String.join(" | ", transcript);
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = in.read()) != '\n') {
            if (c < 0) {
                throw new IOException("end of stream in SASL");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    private void answerCalls(DataInputStream in, OutputStream out, SocketChannel client) throws IOException {
        int echoIndex = 0;
        while (true) {
            byte[] prefix = new byte[TestFrames.PREFIX];
            in.readFully(prefix);
            long length = TestFrames.length(prefix);
            if (length > 200L << 20) {
                throw new IOException("client sent a message of " + length + " bytes");
            }
            byte[] message = new byte[(int) length];
            System.arraycopy(prefix, 0, message, 0, prefix.length);
            in.readFully(message, prefix.length, message.length - prefix.length);
            if (message[1] != 1) {
                continue; // only method calls are answered (an answered error would start an endless exchange)
            }
            TestFrames.Call call = TestFrames.parse(message);
            byte[] reply;
            if ("Ping".equals(call.member())) {
                reply = TestFrames.methodReturn(call, serial.getAndIncrement(), null, null);
            } else if ("Hello".equals(call.member())) {
                byte[] name = ":1.1".getBytes(StandardCharsets.US_ASCII);
                java.nio.ByteBuffer body = java.nio.ByteBuffer.allocate(4 + name.length + 1).order(call.order());
                body.putInt(name.length).put(name).put((byte) 0);
                reply = TestFrames.methodReturn(call, serial.getAndIncrement(), "s", body.array());
            } else {
                try {
                    reply = responder.answer(echoIndex++, call, serial.getAndIncrement());
                } catch (Hangup e) {
                    out.write(e.last);
                    out.flush();
                    client.shutdownOutput();
                    throw e;
                }
            }
            if (reply != null) {
                out.write(reply);
                out.flush();
            }
        }
    }

    private static void drain(InputStream in) throws IOException {
        byte[] sink = new byte[4096];
        while (in.read(sink) >= 0) {
            // ignore
        }
    }

    private void waitForClose(SocketChannel client) {
        while (client.isOpen() && server.isOpen()) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (SocketChannel client : clients) {
            try {
                client.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        try {
            acceptor.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (address.startsWith("unix:path=")) {
            java.nio.file.Files.deleteIfExists(Path.of(address.substring("unix:path=".length())));
        }
    }
}
