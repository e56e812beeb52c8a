package org.dbuslab.format;

/**
 * How a client's connection reaches its bus (issue 24): directly on the bus's socket, or through a program that
 * real deployments put in between.
 */
public enum Route {
    /** The client connects to the bus's own socket. */
    DIRECT("", ""),
    /** xdg-dbus-proxy in filtering mode, as Flatpak runs it in front of the session bus. */
    PROXY("xdg-dbus-proxy", "xdg-dbus-proxy"),
    /** systemd-stdio-bridge, the byte pipe behind busctl --host and --machine, one per connection. */
    BRIDGE("systemd-stdio-bridge", "systemd");

    private final String program;
    private final String debianPackage;

    Route(String program, String debianPackage) {
        this.program = program;
        this.debianPackage = debianPackage;
    }

    public String label() {
        return Labels.of(this);
    }

    /** The program on the route (empty for DIRECT). */
    public String program() {
        return program;
    }

    /** The Debian package that provides {@link #program()}. */
    public String debianPackage() {
        return debianPackage;
    }
}
