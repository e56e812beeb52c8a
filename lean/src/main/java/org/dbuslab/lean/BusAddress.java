package org.dbuslab.lean;

/**
 * The socket path of a D-Bus server address (D-Bus specification, "Server Addresses"): the first {@code unix:path=}
 * entry of a {@code ;}-separated list, its value unescaped ({@code %xx}). The system bus's well-known address when
 * none is given, as libdbus and sd-bus do for an unset DBUS_SYSTEM_BUS_ADDRESS. Other transports (tcp, abstract
 * sockets, unixexec, ...) are refused: the JDK's unix channels take file-system paths only.
 */
final class BusAddress {

    static final String SYSTEM_BUS_DEFAULT = "unix:path=/var/run/dbus/system_bus_socket";

    private BusAddress() {
    }

    static String socketPath(String address) throws Failure {
        String list = address == null || address.isEmpty() ? SYSTEM_BUS_DEFAULT : address;
        int from = 0;
        while (from <= list.length()) {
            int semicolon = list.indexOf(';', from);
            int to = semicolon < 0 ? list.length() : semicolon;
            if (list.startsWith("unix:", from)) {
                String path = value(list, from + 5, to, "path");
                if (path != null) {
                    if (path.isEmpty()) {
                        throw new Failure("empty unix:path in D-Bus address '" + list + "'");
                    }
                    return path;
                }
            }
            from = to + 1;
        }
        throw new Failure("no unix:path= entry in D-Bus address '" + list + "' (this client speaks unix sockets only)");
    }

    /** The unescaped value of {@code key} in the comma-separated key=value pairs of list[from, to), or null. */
    private static String value(String list, int from, int to, String key) throws Failure {
        int at = from;
        while (at < to) {
            int comma = list.indexOf(',', at);
            int end = comma < 0 || comma > to ? to : comma;
            int eq = list.indexOf('=', at);
            if (eq > at && eq < end && eq - at == key.length() && list.startsWith(key, at)) {
                return unescape(list, eq + 1, end);
            }
            at = end + 1;
        }
        return null;
    }

    /** Values escape every byte but [-0-9A-Za-z_/.\*] as %xx; the bytes are UTF-8. */
    private static String unescape(String list, int from, int to) throws Failure {
        if (list.indexOf('%', from) < 0 || list.indexOf('%', from) >= to) {
            return list.substring(from, to);
        }
        byte[] bytes = new byte[to - from];
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = list.charAt(i);
            if (c == '%') {
                int hi = i + 2 < to ? Character.digit(list.charAt(i + 1), 16) : -1;
                int lo = hi < 0 ? -1 : Character.digit(list.charAt(i + 2), 16);
                if (lo < 0) {
                    throw new Failure("bad %-escape in D-Bus address '" + list + "'");
                }
                bytes[n++] = (byte) (hi << 4 | lo);
                i += 2;
            } else {
                bytes[n++] = (byte) c;
            }
        }
        return new String(bytes, 0, n, java.nio.charset.StandardCharsets.UTF_8);
    }
}
