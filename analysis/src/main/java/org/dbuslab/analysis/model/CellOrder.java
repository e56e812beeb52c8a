package org.dbuslab.analysis.model;

import java.util.Comparator;
import java.util.List;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Placements;

/**
 * The order cells are listed in: sync before async, small payloads first, then the transports from the
 * reference bus outwards (bus daemons, bus over TCP, peer-to-peer, raw sockets), unknown names last
 * alphabetically; then series (matrix, reference, sweep, over-limit check), pair and placement.
 */
public final class CellOrder {

    public static final String BASELINE_TRANSPORT = "dbus-daemon";
    public static final List<String> MODES = List.of("sync", "async");
    public static final List<String> TRANSPORTS = List.of(BASELINE_TRANSPORT, "dbus-broker", "dbus-daemon-tcp", "p2p-unix", "p2p-tcp",
            "raw-unix", "raw-tcp", "dbus-daemon-limit64");
    public static final List<String> SERIES = List.of(CellKey.MATRIX, CellKey.REFERENCE, CellKey.SWEEP, CellKey.OVERLIMIT,
            CellKey.LIBRARIES, CellKey.LKML);
    public static final List<String> PAIRS = List.of(CellKey.SUBJECT_PAIR, CellKey.LIBDBUS_PAIR, CellKey.JAVA_CLIENT_PAIR,
            CellKey.JAVA_SERVER_PAIR, CellKey.RAW_PAIR);

    public static final Comparator<String> MODE = knownFirst(MODES);
    public static final Comparator<String> TRANSPORT = knownFirst(TRANSPORTS);
    public static final Comparator<String> PAIR = knownFirst(PAIRS);
    public static final Comparator<String> PLACEMENT = knownFirst(Placements.ORDER);

    public static final Comparator<CellKey> CELLS = Comparator.comparing(CellKey::mode, MODE)
            .thenComparingInt(CellKey::payloadBytes)
            .thenComparing(CellKey::transport, TRANSPORT)
            .thenComparingInt(CellKey::window)
            .thenComparingInt(CellKey::calls)
            .thenComparing(CellKey::series, knownFirst(SERIES))
            .thenComparing(CellKey::pair, PAIR)
            .thenComparing(CellKey::method)
            .thenComparing(CellKey::placement, PLACEMENT);

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
