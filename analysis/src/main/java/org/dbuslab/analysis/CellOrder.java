package org.dbuslab.analysis;

import java.util.Comparator;
import java.util.List;

/**
 * The order cells are listed in: sync before async, small payloads first, then the transports from the
 * reference bus outwards (bus daemons, bus over TCP, peer-to-peer), unknown names last alphabetically.
 */
final class CellOrder {

    static final String BASELINE_TRANSPORT = "dbus-daemon";
    static final List<String> MODES = List.of("sync", "async");
    static final List<String> TRANSPORTS = List.of(BASELINE_TRANSPORT, "dbus-broker", "dbus-daemon-tcp", "p2p-unix", "p2p-tcp");

    static final Comparator<String> MODE = knownFirst(MODES);
    static final Comparator<String> TRANSPORT = knownFirst(TRANSPORTS);

    static final Comparator<CellKey> CELLS = Comparator.comparing(CellKey::mode, MODE)
            .thenComparingInt(CellKey::payloadBytes)
            .thenComparing(CellKey::transport, TRANSPORT)
            .thenComparingInt(CellKey::window)
            .thenComparingInt(CellKey::calls);

    private CellOrder() {
    }

    /** Names in {@code known} come first in that order; the rest follow alphabetically. */
    private static Comparator<String> knownFirst(List<String> known) {
        return Comparator.<String>comparingInt(name -> {
            int index = known.indexOf(name);
            return index < 0 ? known.size() : index;
        }).thenComparing(Comparator.naturalOrder());
    }
}
