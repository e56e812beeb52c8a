package org.dbuslab.runner.exec;

import org.dbuslab.format.Route;

import java.nio.file.Path;
import java.util.List;

/**
 * The command that puts a route's program between clients and a bus, listening on a unix socket of the lab's:
 * xdg-dbus-proxy as Flatpak runs it (filtering, the echo name talkable), or systemd-stdio-bridge behind
 * systemd-socket-activate, which accepts each connection and runs one bridge on it (stdin and stdout the socket),
 * as sshd runs one for {@code busctl --host}.
 */
public final class RouteCommand {

    /** The name the proxy lets clients talk to: the Java echo server's. */
    static final String TALK_NAME = Services.JAVA_ECHO_NAME;

    private RouteCommand() {
    }

    public static List<String> of(Route route, String busAddress, Path socket) {
        return switch (route) {
            case PROXY -> List.of("xdg-dbus-proxy", busAddress, socket.toString(), "--filter", "--talk=" + TALK_NAME);
            case BRIDGE -> List.of("systemd-socket-activate", "--inetd", "--accept", "--listen=" + socket,
                    "systemd-stdio-bridge", "--bus-path=" + busAddress);
            case DIRECT -> throw new IllegalArgumentException("a direct connection has no route program");
        };
    }

    /** The programs the route needs on PATH, each with the Debian package that provides it. */
    public static List<String[]> programs(Route route) {
        return switch (route) {
            case PROXY -> List.<String[]>of(new String[] {"xdg-dbus-proxy", "xdg-dbus-proxy"});
            case BRIDGE -> List.of(new String[] {"systemd-socket-activate", "systemd"},
                    new String[] {"systemd-stdio-bridge", "systemd"});
            case DIRECT -> List.of();
        };
    }

    /** Whether the route runs a process per connection (the bridge), whose CPU is its children's. */
    public static boolean perConnection(Route route) {
        return route == Route.BRIDGE;
    }
}
