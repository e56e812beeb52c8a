package org.dbuslab.client.raw;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where the raw echo server listens, written like a D-Bus address so the lab passes both kinds the same way:
 * {@code unix:path=FILE} or {@code tcp:host=127.0.0.1,port=N} (port 0 = any free port, for listening).
 * Values may use the D-Bus address escaping ({@code %XX}). Only the JDK's own channels are used.
 */
public record RawAddress(String kind, Path path, String host, int port) {

    public static final String UNIX = "unix";
    public static final String TCP = "tcp";

    /** Parses {@code text}; throws IllegalArgumentException with a one-line reason. */
    public static RawAddress parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("address is empty");
        }
        int colon = text.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("'" + text + "' is not an address (unix:path=FILE or "
                + "tcp:host=127.0.0.1,port=N)");
        }
        String kind = text.substring(0, colon);
        Map<String, String> keys = new LinkedHashMap<>();
        for (String pair : text.substring(colon + 1).split(",", -1)) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("'" + text + "': expected key=value, found '" + pair + "'");
            }
            if (keys.put(pair.substring(0, eq), unescape(pair.substring(eq + 1), text)) != null) {
                throw new IllegalArgumentException("'" + text + "': key '" + pair.substring(0, eq) + "' given twice");
            }
        }
        switch (kind) {
            case UNIX -> {
                String path = keys.remove("path");
                if (path == null || path.isEmpty()) {
                    throw new IllegalArgumentException("'" + text + "': unix addresses need path=FILE");
                }
                keys.remove("guid");
                if (!keys.isEmpty()) {
                    throw new IllegalArgumentException("'" + text + "': unknown key(s) " + keys.keySet());
                }
                return new RawAddress(UNIX, Path.of(path), null, 0);
            }
            case TCP -> {
                String host = keys.remove("host");
                String port = keys.remove("port");
                keys.remove("guid");
                keys.remove("family");
                if (host == null || host.isEmpty() || port == null) {
                    throw new IllegalArgumentException("'" + text + "': tcp addresses need host=H,port=N");
                }
                if (!keys.isEmpty()) {
                    throw new IllegalArgumentException("'" + text + "': unknown key(s) " + keys.keySet());
                }
                int number;
                try {
                    number = Integer.parseInt(port);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + text + "': port is not a number: '" + port + "'");
                }
                if (number < 0 || number > 65535) {
                    throw new IllegalArgumentException("'" + text + "': port out of range: " + number);
                }
                return new RawAddress(TCP, null, host, number);
            }
            default -> throw new IllegalArgumentException("'" + text + "': unsupported transport '" + kind
                + "' (unix or tcp)");
        }
    }

    public boolean isUnix() {
        return UNIX.equals(kind);
    }

    /** The label the lab writes into runs.csv for this kind of address. */
    public String defaultTransport() {
        return isUnix() ? "raw-unix" : "raw-tcp";
    }

    ProtocolFamily family() {
        return isUnix() ? StandardProtocolFamily.UNIX : null;
    }

    SocketAddress socketAddress() {
        return isUnix() ? UnixDomainSocketAddress.of(path) : new InetSocketAddress(host, port);
    }

    /** A blocking client channel, not yet connected; TCP gets TCP_NODELAY. */
    SocketChannel openClient() throws IOException {
        return isUnix() ? SocketChannel.open(StandardProtocolFamily.UNIX) : SocketChannel.open();
    }

    ServerSocketChannel openServer() throws IOException {
        return isUnix() ? ServerSocketChannel.open(StandardProtocolFamily.UNIX) : ServerSocketChannel.open();
    }

    /** The same address with the port the kernel picked (tcp, port 0). */
    RawAddress withPort(int actualPort) {
        return new RawAddress(kind, path, host, actualPort);
    }

    @Override
    public String toString() {
        return isUnix() ? "unix:path=" + escape(path.toString()) : "tcp:host=" + escape(host) + ",port=" + port;
    }

    private static String unescape(String value, String whole) {
        if (value.indexOf('%') < 0) {
            return value;
        }
        byte[] out = new byte[value.length()];
        int n = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '%') {
                if (i + 2 >= value.length()) {
                    throw new IllegalArgumentException("'" + whole + "': incomplete %-escape");
                }
                try {
                    out[n++] = (byte) Integer.parseInt(value.substring(i + 1, i + 3), 16);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + whole + "': bad %-escape");
                }
                i += 2;
            } else {
                out[n++] = (byte) c;
            }
        }
        return new String(out, 0, n, StandardCharsets.UTF_8);
    }

    /** D-Bus address escaping: bytes outside [-0-9A-Za-z_/.\*] become %XX. */
    private static String escape(String value) {
        StringBuilder sb = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')
                || c == '-' || c == '_' || c == '/' || c == '.' || c == '\\' || c == '*') {
                sb.append(c);
            } else {
                sb.append('%').append(String.format("%02X", b & 0xff));
            }
        }
        return sb.toString();
    }
}
