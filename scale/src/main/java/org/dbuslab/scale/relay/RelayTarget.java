package org.dbuslab.scale.relay;

import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where the relay forwards to: {@code HOST:PORT}, or a D-Bus TCP address ({@code tcp:host=H,port=P[,...]}). For a
 * D-Bus address the relay also says how a client reaches the same server through it: the same address with host
 * and port replaced (the guid and family stay, the relay is byte-transparent).
 */
public record RelayTarget(String host, int port, String dbusAddress) {

    public RelayTarget {
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port must be 1..65535, was " + port);
        }
    }

    /** @throws IllegalArgumentException with a one-line reason */
    public static RelayTarget parse(String text) {
        if (text.startsWith("tcp:")) {
            Map<String, String> keys = keys(text);
            String host = keys.get("host");
            String port = keys.get("port");
            if (host == null || port == null) {
                throw new IllegalArgumentException("a tcp: address needs host= and port=, was '" + text + "'");
            }
            return new RelayTarget(host, port(port, text), text);
        }
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("expected HOST:PORT or tcp:host=H,port=P, was '" + text + "'");
        }
        return new RelayTarget(text.substring(0, colon), port(text.substring(colon + 1), text), null);
    }

    private static Map<String, String> keys(String address) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (String pair : address.substring("tcp:".length()).split(",")) {
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

    public InetSocketAddress socketAddress() {
        return new InetSocketAddress(host, port);
    }

    /** How to reach the target through a relay listening on 127.0.0.1:{@code relayPort}. */
    public String throughRelay(int relayPort) {
        if (dbusAddress == null) {
            return "127.0.0.1:" + relayPort;
        }
        Map<String, String> keys = keys(dbusAddress);
        keys.put("host", "127.0.0.1");
        keys.put("port", Integer.toString(relayPort));
        StringBuilder out = new StringBuilder("tcp:");
        keys.forEach((k, v) -> out.append(out.length() > 4 ? "," : "").append(k).append('=').append(v));
        return out.toString();
    }
}
