package org.dbuslab.runner.plan;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Placement;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;

/**
 * The cells whose runs the report divides by each other, which a clustered block runs back to back
 * ({@link BlockOrder}; the one list of what shares a cluster). On a shared VM two runs of a block vary together the
 * more, the closer in time they run: over the one-cpu pairs of seven default sessions (AA-AG) the robust spread of a
 * paired log ratio was 5.1-6.5 % for runs under 0.3 s apart against 7.0-9.4 % for 1-100 s; in one session whose
 * blocks alternated, the clustered blocks' paired CIs were 11-20 % narrower (docs/EXPERIMENTS.md, "Compared runs
 * back to back").
 * <ul>
 *   <li>the matrix and the raw-socket floor: one cluster per mode, size, window and placement (each transport
 *       against dbus-daemon, p2p against its floor);</li>
 *   <li>libdbus's reference pairs and the client libraries: per bus, mode, size and window (every pair against
 *       libdbus>libdbus, the lab-health ratios);</li>
 *   <li>paths: per bus, client pair, mode, size and window (the direct cell and each route in front of it);</li>
 *   <li>policy: per bus, pair, mode and size (each rule count against none);</li>
 *   <li>lkml: per mode and size (dbus-daemon and dbus-broker against p2p-unix); sweep: per bus and size (each
 *       window against the next smaller); the over-limit check alone.</li>
 * </ul>
 * The clusters of one {@link Shape} (mode, size, placement) run next to each other, so the ratios that span two of
 * them run close too: the lab's own pair (a matrix cell) and each library against libdbus>libdbus or against the
 * raw floor. Ratios across shapes (pipelined against sync, the 2015 ratio's sizes) and across placements (the price
 * of crossing) are paired within blocks as before, at the distance the shuffle puts between them.
 *
 * @param series    the series the cluster compares within (REFERENCE's floor rows count as MATRIX, its libdbus
 *                  pairs as LIBRARIES)
 * @param bus       the bus the compared cells share, null where the cluster spans transports
 * @param pair      the client pair the compared cells share, null where the cluster spans pairs
 * @param window    0 where the cluster spans windows (the sweep)
 */
public record ComparisonCluster(Series series, Transport bus, Pair pair, Mode mode, int payloadBytes, int window,
                                Placement placement) {

    /** What neighbouring clusters share: a block runs a shape's clusters next to each other. */
    public record Shape(Mode mode, int payloadBytes, Placement placement) {
    }

    public Shape shape() {
        return new Shape(mode, payloadBytes, placement);
    }

    public static ComparisonCluster of(Cell c) {
        Transport bus = c.transport().implementation();
        return switch (c.series()) {
            case MATRIX -> in(c, Series.MATRIX, null, null, c.window());
            case REFERENCE -> c.pair() == Pair.RAW ? in(c, Series.MATRIX, null, null, c.window())
                : in(c, Series.LIBRARIES, bus, null, c.window());
            case LIBRARIES -> in(c, Series.LIBRARIES, bus, null, c.window());
            case PATHS, POLICY, OVERLIMIT -> in(c, c.series(), bus, c.pair(), c.window());
            case LKML -> in(c, Series.LKML, null, c.pair(), c.window());
            case SWEEP -> in(c, Series.SWEEP, bus, c.pair(), 0);
        };
    }

    /** C's cluster: SERIES, BUS, PAIR and WINDOW as given, the mode, size and placement C's own. */
    private static ComparisonCluster in(Cell c, Series series, Transport bus, Pair pair, int window) {
        return new ComparisonCluster(series, bus, pair, c.mode(), c.payloadBytes(), window, c.placement());
    }
}
