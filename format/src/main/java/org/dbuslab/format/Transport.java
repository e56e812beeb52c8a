package org.dbuslab.format;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Where the calls go. The first five can be chosen with --transports; the others belong to fixed rows. A real-world
 * path (issue 24) is a bus reached through a {@link Route} other than DIRECT, or a bus carrying extra policy rules:
 * it names the bus program it runs ({@link #implementation()}).
 */
public enum Transport {
    DBUS_DAEMON("dbus-daemon", true),
    DBUS_BROKER("dbus-broker", true),
    P2P_UNIX("p2p-unix", false),
    P2P_TCP("p2p-tcp", false),
    DBUS_DAEMON_TCP("dbus-daemon-tcp", true),
    /** The raw-socket floor: JDK socket channels, 4-byte length + payload, no D-Bus. */
    RAW_UNIX("raw-unix", false),
    RAW_TCP("raw-tcp", false),
    /** The over-limit check's dbus-daemon (max_replies_per_connection 8). */
    DBUS_DAEMON_LIMIT8("dbus-daemon-limit8", true),
    /** The session's dbus-daemon reached through xdg-dbus-proxy (the same bus and server as DBUS_DAEMON). */
    DBUS_DAEMON_PROXY("dbus-daemon-proxy", DBUS_DAEMON, Route.PROXY, 0),
    DBUS_BROKER_PROXY("dbus-broker-proxy", DBUS_BROKER, Route.PROXY, 0),
    /** The session's dbus-daemon reached through systemd-stdio-bridge (one bridge process per connection). */
    DBUS_DAEMON_BRIDGE("dbus-daemon-bridge", DBUS_DAEMON, Route.BRIDGE, 0),
    DBUS_BROKER_BRIDGE("dbus-broker-bridge", DBUS_BROKER, Route.BRIDGE, 0),
    /** A dbus-daemon of its own with N policy rules that do not concern the echo service, and its own server. */
    DBUS_DAEMON_RULES100("dbus-daemon-rules100", DBUS_DAEMON, Route.DIRECT, 100),
    DBUS_DAEMON_RULES1000("dbus-daemon-rules1000", DBUS_DAEMON, Route.DIRECT, 1000),
    DBUS_DAEMON_RULES10000("dbus-daemon-rules10000", DBUS_DAEMON, Route.DIRECT, 10000),
    DBUS_BROKER_RULES100("dbus-broker-rules100", DBUS_BROKER, Route.DIRECT, 100),
    DBUS_BROKER_RULES1000("dbus-broker-rules1000", DBUS_BROKER, Route.DIRECT, 1000),
    DBUS_BROKER_RULES10000("dbus-broker-rules10000", DBUS_BROKER, Route.DIRECT, 10000);

    /** What --transports may name, in the order of run-all.sh's ALL_TRANSPORTS. */
    public static final List<Transport> SELECTABLE = List.of(DBUS_DAEMON, DBUS_BROKER, P2P_UNIX, P2P_TCP, DBUS_DAEMON_TCP);
    /** The buses that carry the libdbus pairs and the sweep. */
    public static final List<Transport> REFERENCE_BUSES = List.of(DBUS_DAEMON, DBUS_BROKER);
    public static final List<Transport> RAW = List.of(RAW_UNIX, RAW_TCP);
    /** The policy series' rule counts beyond the bus's own (0 is the bus itself). */
    public static final List<Integer> POLICY_RULES = List.of(100, 1000, 10000);

    private final String label;
    private final boolean bus;
    private final Transport implementation;
    private final Route route;
    private final int policyRules;

    Transport(String label, boolean bus) {
        this.label = label;
        this.bus = bus;
        this.implementation = null;
        this.route = Route.DIRECT;
        this.policyRules = 0;
    }

    Transport(String label, Transport implementation, Route route, int policyRules) {
        this.label = label;
        this.bus = true;
        this.implementation = implementation;
        this.route = route;
        this.policyRules = policyRules;
    }

    /** The bus program this transport runs (lab/bus.sh's TRANSPORT): itself, or the bus a path is built on. */
    public Transport implementation() {
        return implementation == null ? this : implementation;
    }

    /** How the client reaches the bus. */
    public Route route() {
        return route;
    }

    /**
     * The transport whose bus instance and server answer this one's calls: a proxy or bridge path leads to its
     * bus's own; every other transport is its own.
     */
    public Transport destination() {
        return route == Route.DIRECT ? this : implementation;
    }

    /** Policy rules beyond the bus's own, that do not concern the echo service (0 for every transport but RULES*). */
    public int policyRules() {
        return policyRules;
    }

    /** The route's transport in front of BUS (dbus-daemon or dbus-broker), e.g. DBUS_BROKER_PROXY. */
    public static Transport via(Transport bus, Route route) {
        return Arrays.stream(values()).filter(t -> t.implementation == bus && t.route == route).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no " + route.label() + " path to " + bus));
    }

    /** BUS (dbus-daemon or dbus-broker) with RULES extra policy rules; BUS itself for 0. */
    public static Transport withRules(Transport bus, int rules) {
        if (rules == 0) {
            return bus;
        }
        return Arrays.stream(values()).filter(t -> t.implementation == bus && t.policyRules == rules).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no " + bus + " with " + rules + " policy rules"));
    }

    /** The name in files and on the command line. */
    public String label() {
        return label;
    }

    public boolean isBus() {
        return bus;
    }

    public static Optional<Transport> ofLabel(String label) {
        return Arrays.stream(values()).filter(t -> t.label.equals(label)).findFirst();
    }

    @Override
    public String toString() {
        return label;
    }
}
