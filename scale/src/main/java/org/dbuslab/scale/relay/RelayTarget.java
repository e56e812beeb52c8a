package org.dbuslab.scale.relay;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where the relay forwards to: {@code HOST:PORT}, a D-Bus TCP address ({@code tcp:host=H,port=P[,...]}) or a D-Bus
 * unix address ({@code unix:path=FILE[,guid=G]}). For a D-Bus address the relay also says how a client reaches the
 * same server through it: over TCP to the relay, the guid (and for TCP the family) kept, since the relay is
 * byte-transparent.
 *
 * @param unixPath the unix socket's file, or null for a TCP target (then {@code host} and {@code port} say where)
 */
public record RelayTarget(String host, int port, Path unixPath, String dbusAddress) {

    static final int CONNECT_TIMEOUT_MS = 5_000;

    public RelayTarget {
        if (unixPath == null && (port < 1 || port > 65_535)) {
            throw new IllegalArgumentException("port must be 1..65535, was " + port);
        }
    }

    /** @throws IllegalArgumentException with a one-line reason */
    public static RelayTarget parse(String text) {
        if (text.startsWith("tcp:")) {
            Map<String, String> keys = keys(text, "tcp:");
            String host = keys.get("host");
            String port = keys.get("port");
            if (host == null || port == null) {
                throw new IllegalArgumentException("a tcp: address needs host= and port=, was '" + text + "'");
            }
            return new RelayTarget(host, port(port, text), null, text);
        }
        if (text.startsWith("unix:")) {
            String path = keys(text, "unix:").get("path");
            if (path == null || path.isEmpty()) {
                throw new IllegalArgumentException("a unix: address needs path=, was '" + text + "'");
            }
            return new RelayTarget(null, 0, Path.of(path), text);
        }
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("expected HOST:PORT, tcp:host=H,port=P or unix:path=FILE, was '"
                + text + "'");
        }
        return new RelayTarget(text.substring(0, colon), port(text.substring(colon + 1), text), null, null);
    }

    private static Map<String, String> keys(String address, String prefix) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (String pair : address.substring(prefix.length()).split(",")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("malformed key=value '" + pair + "' in '" + address + "'");
            }
            keys.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return keys;
    }

    private static int port(String text, String whole) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("port is not a number in '" + whole + "'");
        }
    }

    /** A new connection to the target; a TCP one without Nagle's delay, as the accepted side. */
    Endpoint connect() throws IOException {
        if (unixPath != null) {
            return Endpoint.of(SocketChannel.open(UnixDomainSocketAddress.of(unixPath)));
        }
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
            return Endpoint.of(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /** "HOST:PORT" or the unix socket's file, for messages. */
    public String describe() {
        return unixPath != null ? unixPath.toString() : host + ":" + port;
    }

    /** How to reach the target through a relay listening on 127.0.0.1:{@code relayPort}. */
    public String throughRelay(int relayPort) {
        if (dbusAddress == null) {
            return "127.0.0.1:" + relayPort;
        }
        if (unixPath != null) {
            String guid = keys(dbusAddress, "unix:").get("guid");
            return "tcp:host=127.0.0.1,port=" + relayPort + (guid == null ? "" : ",guid=" + guid);
        }
        Map<String, String> keys = keys(dbusAddress, "tcp:");
        keys.put("host", "127.0.0.1");
        keys.put("port", Integer.toString(relayPort));
        StringBuilder out = new StringBuilder("tcp:");
        keys.forEach((k, v) -> out.append(out.length() > 4 ? "," : "").append(k).append('=').append(v));
        return out.toString();
    }
}
