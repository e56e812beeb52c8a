package org.dbuslab.server.peer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A peer-to-peer listening address: {@code unix:path=/some/socket} or {@code tcp:host=127.0.0.1,port=N}
 * (port 0 lets the kernel choose). Binds the server socket itself so the lab can accept many clients.
 */
public final class ListenAddress {

    private final String kind;
    private final Map<String, String> params;

    private ListenAddress(String kind, Map<String, String> params) {
        this.kind = kind;
        this.params = params;
    }

    /** Parses a D-Bus style address; throws {@link IllegalArgumentException} with a readable message. */
    public static ListenAddress parse(String address) {
        int colon = address.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("listen address '" + address + "' is not of the form unix:path=... or tcp:host=...,port=...");
        }
        String kind = address.substring(0, colon);
        Map<String, String> params = new LinkedHashMap<>();
        for (String pair : address.substring(colon + 1).split(",")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("listen address '" + address + "' has a malformed key=value pair '" + pair + "'");
            }
            params.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        switch (kind) {
            case "unix" -> {
                if (!params.containsKey("path")) {
                    throw new IllegalArgumentException("unix listen address needs path=...: '" + address + "'");
                }
            }
            case "tcp" -> {
                if (!params.containsKey("host") || !params.containsKey("port")) {
                    throw new IllegalArgumentException("tcp listen address needs host=... and port=...: '" + address + "'");
                }
                port(params.get("port"), 0, "tcp listen address");
            }
            default -> throw new IllegalArgumentException("unsupported listen transport '" + kind + "' (use unix:path=... or tcp:host=...,port=...)");
        }
        return new ListenAddress(kind, params);
    }

    /**
     * The port {@code text} names, from {@code min} (0 for a listening address: any free port) to 65535; else an
     * {@link IllegalArgumentException} that says {@code what} had the bad port.
     */
    public static int port(String text, int min, String what) {
        try {
            int port = Integer.parseInt(text);
            if (port < min || port > 65535) {
                throw new NumberFormatException();
            }
            return port;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " has an invalid port '" + text + "' (" + min + "-65535)");
        }
    }

    public boolean isUnix() {
        return "unix".equals(kind);
    }

    /** Opens and binds the server socket. A stale unix socket file from a killed server is replaced. */
    public ServerSocketChannel bind() throws IOException {
        try {
            return bindAsGiven();
        } catch (IOException e) {
            // the JDK's message ("Address already in use", "No such file or directory") does not say what
            throw new IOException("cannot bind " + this + ": " + e.getMessage(), e);
        }
    }

    private ServerSocketChannel bindAsGiven() throws IOException {
        SocketAddress local;
        ServerSocketChannel server;
        if (isUnix()) {
            Path path = Path.of(params.get("path"));
            if (Files.exists(path) && !Files.isRegularFile(path) && !Files.isDirectory(path)) {
                Files.delete(path);
            }
            local = UnixDomainSocketAddress.of(path);
            server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        } else {
            local = new InetSocketAddress(params.get("host"), Integer.parseInt(params.get("port")));
            server = ServerSocketChannel.open();
        }
        try {
            server.bind(local);
            return server;
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    @Override
    public String toString() {
        return isUnix() ? "unix:path=" + params.get("path") : "tcp:host=" + params.get("host") + ",port=" + params.get("port");
    }

    /** The address a client connects to, with the port the kernel really assigned. */
    public String connectAddress(ServerSocketChannel bound) throws IOException {
        if (isUnix()) {
            return "unix:path=" + params.get("path");
        }
        int port = ((InetSocketAddress) bound.getLocalAddress()).getPort();
        return "tcp:host=" + params.get("host") + ",port=" + port;
    }

    /** Removes the unix socket file, if any; TCP needs nothing. */
    public void cleanUp() {
        if (isUnix()) {
            try {
                Files.deleteIfExists(Path.of(params.get("path")));
            } catch (IOException ignored) {
                // best effort: a stale socket file is replaced on the next bind anyway
            }
        }
    }
}
