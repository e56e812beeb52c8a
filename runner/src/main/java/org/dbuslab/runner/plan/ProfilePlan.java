package org.dbuslab.runner.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;

/**
 * Which cells the profiling pass (--profile, and at the end of --full) profiles, after the measured blocks: each
 * library against itself on dbus-daemon, sync and pipelined, at 1000 B (the smallest size of the session when it has
 * no 1000 B cells): the lab's pair, dbus-java as shipped, GLib, sd-bus and libdbus. One cell per pair and mode,
 * whichever series it comes from (the matrix, the reference rows, the libraries series); a pair the session has no
 * cell of is named by {@link #missing}. How long the pass takes per cell is here too, for the budget.
 */
public final class ProfilePlan {

    public static final Transport TRANSPORT = Transport.DBUS_DAEMON;
    public static final int PAYLOAD = 1000;
    /** The pairs profiled, in the report's order: the lab's path first, then dbus-java as shipped, then the C ones. */
    public static final List<Pair> PAIRS = List.of(Pair.JAVA, Pair.STOCK_STOCK, Pair.GLIB_GLIB, Pair.SDBUS_SDBUS,
        Pair.LIBDBUS);
    /** Runs before the profilers start: the JIT of a client that was idle, calls per run set from the first. */
    public static final Duration SETTLE = Duration.ofSeconds(1);
    /**
     * A JVM client settles on until a run compiles for at most {@link #QUIET_JIT_MS} (its done line's jit_ms), at most
     * this long: a pair with a few short runs in the blocks (dbus-java-stock) was still compiling, and its first profile
     * had 17 % of its CPU samples in C2.
     */
    public static final Duration SETTLE_MAX = Duration.ofSeconds(15);
    public static final long QUIET_JIT_MS = 2;
    /**
     * Quiet runs in a row before the profilers start: after one, dbus-java-stock's sync client still spent 22-36 % of
     * its CPU samples compiling (sessions of 2026-12-07 and 2026-12-08), and the C2 compiler, not dbus-java, came out as
     * its third-largest cost against the lab's path.
     */
    public static final int QUIET_RUNS = 3;
    /** CPU profiles of client, server and bus at once. */
    public static final Duration CPU_WINDOW = Duration.ofSeconds(3);
    /** The wall-clock profile of a JVM client's calling thread, after the CPU profiles. */
    public static final Duration WALL_WINDOW = Duration.ofSeconds(2);
    /** About how long one profiling run takes (calls per run are set from the first settle run). */
    public static final Duration RUN_TARGET = Duration.ofMillis(200);
    /** What a cell costs beyond its windows: attaching, stopping, perf script. */
    static final Duration CELL_OVERHEAD = Duration.ofSeconds(3);

    private ProfilePlan() {
    }

    /** The cells to profile, in {@link #PAIRS} order, sync before async. */
    public static List<Cell> cells(List<Cell> planned) {
        List<Cell> candidates = planned.stream().filter(ProfilePlan::candidate).toList();
        int payload = candidates.stream().anyMatch(c -> c.payloadBytes() == PAYLOAD) ? PAYLOAD
            : candidates.stream().mapToInt(Cell::payloadBytes).min().orElse(PAYLOAD);
        Map<String, Cell> one = new LinkedHashMap<>();
        for (Cell c : candidates) {
            if (c.payloadBytes() == payload) {
                one.putIfAbsent(c.pair().label() + " " + c.mode().label(), c);
            }
        }
        List<Cell> out = new ArrayList<>(one.values());
        out.sort(Comparator.comparingInt((Cell c) -> PAIRS.indexOf(c.pair())).thenComparing(Cell::mode));
        return out;
    }

    /** The pairs and modes of {@link #PAIRS} that PLANNED has no cell for, e.g. "glib>glib sync". */
    public static List<String> missing(List<Cell> planned, List<Mode> modes) {
        List<Cell> found = cells(planned);
        List<String> out = new ArrayList<>();
        for (Pair p : PAIRS) {
            for (Mode m : modes) {
                if (found.stream().noneMatch(c -> c.pair() == p && c.mode() == m)) {
                    out.add(p.label() + " " + m.label());
                }
            }
        }
        return out;
    }

    /** About how long the pass takes for these cells: the budget keeps that much back for it. */
    public static Duration estimate(List<Cell> cells) {
        Duration total = Duration.ZERO;
        for (Cell c : cells) {
            total = total.plus(SETTLE).plus(CPU_WINDOW).plus(CELL_OVERHEAD);
            if (c.kind().jit()) {
                total = total.plus(WALL_WINDOW);
            }
        }
        return total;
    }

    /** What the session's blocks leave for the pass: nothing unless the session has one (--profile, --full). */
    public static Duration reserve(org.dbuslab.runner.options.SessionConfig config) {
        return config.others().profile() ? estimate(cells(SessionPlan.of(config).cells())) : Duration.ZERO;
    }

    private static boolean candidate(Cell c) {
        return c.transport() == TRANSPORT && PAIRS.contains(c.pair()) && c.kind() != CellKind.OVERLIMIT
            && (c.series() == Series.MATRIX || c.series() == Series.REFERENCE || c.series() == Series.LIBRARIES);
    }
}
