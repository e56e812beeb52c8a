package org.dbuslab.faults.support;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A hostile or silent peer on a real socket: connects to a D-Bus address, says what the test wants (nothing, the
 * SASL handshake, garbage, a header with a huge length) and watches whether the other side hangs up.
 */
public final class RawPeer implements AutoCloseable {

    private static final Pattern UNIX = Pattern.compile("unix:path=([^,]+)");
    private static final Pattern TCP_PORT = Pattern.compile("port=(\\d+)");

    private final SocketChannel channel;
    private final boolean unix;

    private RawPeer(SocketChannel channel, boolean unix) {
        this.channel = channel;
        this.unix = unix;
    }

    public static RawPeer connect(String address) throws IOException {
        return new RawPeer(SocketChannel.open(socketAddress(address)), address.startsWith("unix:"));
    }

    /** The socket of a unix:path= or tcp:host=127.0.0.1,port= address (D-Bus escaping aside: test paths are plain). */
    public static SocketAddress socketAddress(String address) {
        Matcher unix = UNIX.matcher(address);
        if (address.startsWith("unix:") && unix.find()) {
            return UnixDomainSocketAddress.of(unix.group(1));
        }
        Matcher port = TCP_PORT.matcher(address);
        if (address.startsWith("tcp:") && port.find()) {
            return new InetSocketAddress("127.0.0.1", Integer.parseInt(port.group(1)));
        }
        throw new IllegalArgumentException("not a unix:path= or tcp:port= address: " + address);
    }

    public static StandardProtocolFamily family(String address) {
        return address.startsWith("unix:") ? StandardProtocolFamily.UNIX : StandardProtocolFamily.INET;
    }

    public void send(byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    /**
     * The client's side of SASL: EXTERNAL with our uid on unix, ANONYMOUS on TCP; then BEGIN.
     *
     * @return the server's answer to AUTH (it starts with "OK " when accepted)
     */
    public String authenticate() throws IOException {
        String auth = unix ? "AUTH EXTERNAL " + hex(Long.toString(new com.sun.security.auth.module.UnixSystem().getUid()))
            : "AUTH ANONYMOUS";
        send(("\0" + auth + "\r\n").getBytes(StandardCharsets.US_ASCII));
        String answer = readLine(Duration.ofMillis(Budget.millis(10_000)));
        if (answer.startsWith("OK ")) {
            send("BEGIN\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        return answer;
    }

    private static String hex(String text) {
        StringBuilder hex = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.US_ASCII)) {
            hex.append(String.format("%02x", b));
        }
        return hex.toString();
    }

    private String readLine(Duration limit) throws IOException {
        StringBuilder line = new StringBuilder();
        ByteBuffer one = ByteBuffer.allocate(1);
        long deadline = System.nanoTime() + limit.toNanos();
        channel.configureBlocking(false);
        try (Selector selector = Selector.open()) {
            channel.register(selector, SelectionKey.OP_READ);
            while (System.nanoTime() < deadline) {
                selector.select(50);
                one.clear();
                int n = channel.read(one);
                if (n < 0) {
                    break;
                }
                if (n == 1) {
                    char ch = (char) one.get(0);
                    if (ch == '\n') {
                        return line.toString().trim();
                    }
                    line.append(ch);
                }
            }
        }
        return line.toString().trim();
    }

    /**
     * Reads (and drops) whatever comes until the other side closes the connection or {@code limit} passes.
     *
     * @return true when the connection was closed (end of stream or reset) within the limit
     */
    public boolean closedWithin(Duration limit) throws IOException {
        long deadline = System.nanoTime() + limit.toNanos();
        if (channel.isBlocking()) {
            channel.configureBlocking(false);
        }
        ByteBuffer sink = ByteBuffer.allocate(64 * 1024);
        try (Selector selector = Selector.open()) {
            channel.register(selector, SelectionKey.OP_READ);
            while (true) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    return false;
                }
                selector.select(left);
                selector.selectedKeys().clear();
                sink.clear();
                try {
                    if (channel.read(sink) < 0) {
                        return true;
                    }
                } catch (IOException reset) {
                    return true;
                }
            }
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
