package org.dbuslab.format;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** Where the calls go. The first five can be chosen with --transports; the others belong to fixed rows. */
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
    DBUS_DAEMON_LIMIT8("dbus-daemon-limit8", true);

    /** What --transports may name, in the order of run-all.sh's ALL_TRANSPORTS. */
    public static final List<Transport> SELECTABLE = List.of(DBUS_DAEMON, DBUS_BROKER, P2P_UNIX, P2P_TCP, DBUS_DAEMON_TCP);
    /** The buses that carry the libdbus pairs and the sweep. */
    public static final List<Transport> REFERENCE_BUSES = List.of(DBUS_DAEMON, DBUS_BROKER);
    public static final List<Transport> RAW = List.of(RAW_UNIX, RAW_TCP);

    private final String label;
    private final boolean bus;

    Transport(String label, boolean bus) {
        this.label = label;
        this.bus = bus;
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
