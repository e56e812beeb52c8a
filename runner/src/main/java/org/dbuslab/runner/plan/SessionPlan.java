package org.dbuslab.runner.plan;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Phase;
import org.dbuslab.format.Placement;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.options.SessionConfig;

/**
 * Every cell of a session and the headline comparisons, in plan order: the matrix
 * (placement x transport x mode x size; each comparison within one placement), then per reference bus the libdbus pairs, then the raw floor, then the sweep on
 * dbus-daemon and dbus-broker, then the over-limit check, then the libraries and lkml cells (LibraryPlan). Every block runs every cell once, except the over-limit
 * check: one run, in the first measured block.
 */
public record SessionPlan(List<Cell> cells, List<Comparison> comparisons) {

    /** The over-limit check's window: more than its dbus-daemon's max_replies_per_connection (8). */
    public static final int OVERLIMIT_WINDOW = 128;
    /** The pairs run on each reference bus, in plan order. */
    public static final List<Pair> LIBDBUS_PAIRS = List.of(Pair.LIBDBUS, Pair.JAVA_LIBDBUS, Pair.LIBDBUS_JAVA);

    public SessionPlan {
        cells = List.copyOf(cells);
        comparisons = List.copyOf(comparisons);
        if (cells.stream().map(Cell::id).distinct().count() != cells.size()) {
            throw new IllegalArgumentException("two cells with one id");
        }
    }

    public static SessionPlan of(SessionConfig c) {
        int calls = c.run().firstBlockCalls();
        List<Cell> cells = new ArrayList<>();
        for (Placement placement : c.arrangement().placements()) {
            for (Transport t : c.matrix().transports()) {
                for (Mode m : c.matrix().modes()) {
                    for (int s : c.matrix().sizes()) {
                        cells.add(new Cell(CellKind.JAVA, Series.MATRIX, Pair.JAVA, t, m, s, c.matrix().windowFor(m), calls, 0,
                                placement));
                    }
                }
            }
        }
        int matrix = cells.size();
        if (c.others().reference()) {
            for (Transport t : Transport.REFERENCE_BUSES) {
                if (!c.matrix().has(t)) {
                    continue;
                }
                for (Pair p : LIBDBUS_PAIRS) {
                    CellKind kind = switch (p) {
                        case LIBDBUS -> CellKind.SPAM_LIBDBUS;
                        case LIBDBUS_JAVA -> CellKind.SPAM_JAVA;
                        default -> CellKind.JAVA_LIBDBUS;
                    };
                    for (Mode m : c.matrix().modes()) {
                        for (int s : c.others().referenceSizes()) {
                            cells.add(new Cell(kind, Series.REFERENCE, p, t, m, s, c.matrix().windowFor(m), calls));
                        }
                    }
                }
            }
            for (Transport t : Transport.RAW) {
                for (Mode m : c.matrix().modes()) {
                    for (int s : c.others().referenceSizes()) {
                        cells.add(new Cell(CellKind.RAW, Series.REFERENCE, Pair.RAW, t, m, s, c.matrix().windowFor(m), calls));
                    }
                }
            }
        }
        int sweepCalls = c.others().sweepCalls() > 0 ? c.others().sweepCalls() : calls;
        if (c.others().sweep()) {
            for (Transport t : Transport.REFERENCE_BUSES) {
                if (!c.matrix().has(t)) {
                    continue;
                }
                for (int s : c.matrix().sizes()) {
                    for (int w : c.others().sweepWindows()) {
                        cells.add(new Cell(CellKind.JAVA, Series.SWEEP, Pair.JAVA, t, Mode.ASYNC, s, w,
                                Math.max(sweepCalls, 2 * w)));
                    }
                }
            }
            if (c.matrix().has(Transport.DBUS_DAEMON)) {
                cells.add(new Cell(CellKind.OVERLIMIT, Series.OVERLIMIT, Pair.JAVA, Transport.DBUS_DAEMON_LIMIT8, Mode.ASYNC,
                        c.matrix().sizes().get(0), OVERLIMIT_WINDOW, Math.max(sweepCalls, 2 * OVERLIMIT_WINDOW)));
            }
        }
        cells.addAll(LibraryPlan.cells(c));
        cells.addAll(PathsPlan.cells(c));
        // every other series in the home placement (SessionConfig#homePlacement says why)
        for (int i = matrix; i < cells.size(); i++) {
            cells.set(i, cells.get(i).withPlacement(c.arrangement().homePlacement()));
        }
        return new SessionPlan(cells, comparisonsOf(cells));
    }

    /**
     * transport / dbus-daemon per mode and size, then client x libdbus and server x libdbus per bus, mode, size, then
     * each real-world path's cell / the same client on its bus directly, then the 2015 ratio (GLib async on dbus-daemon /
     * on p2p-unix) per size.
     */
    static List<Comparison> comparisonsOf(List<Cell> cells) {
        List<Comparison> out = new ArrayList<>();
        for (Cell cell : cells) {
            if (cell.series() == Series.MATRIX && cell.transport() != Transport.DBUS_DAEMON) {
                find(cells, same(cell, Series.MATRIX, Pair.JAVA, Transport.DBUS_DAEMON))
                        .ifPresent(base -> out.add(new Comparison(Comparison.Kind.TRANSPORT, cell, base)));
            }
        }
        for (Comparison.Kind kind : List.of(Comparison.Kind.CLIENT_LIBDBUS, Comparison.Kind.SERVER_LIBDBUS)) {
            Pair subject = kind == Comparison.Kind.CLIENT_LIBDBUS ? Pair.JAVA_LIBDBUS : Pair.LIBDBUS_JAVA;
            for (Cell cell : cells) {
                if (cell.pair() == subject && cell.series() == Series.REFERENCE) {
                    find(cells, same(cell, Series.REFERENCE, Pair.LIBDBUS, cell.transport()))
                            .ifPresent(base -> out.add(new Comparison(kind, cell, base)));
                }
            }
        }
        for (Cell cell : cells) {
            if (cell.series() == Series.PATHS && cell.transport().route() != org.dbuslab.format.Route.DIRECT) {
                find(cells, same(cell, Series.PATHS, cell.pair(), cell.transport().implementation()))
                        .ifPresent(base -> out.add(new Comparison(Comparison.Kind.PATH, cell, base)));
            }
        }
        for (Cell cell : cells) {
            if (cell.series() == Series.LKML && cell.mode() == Mode.ASYNC && cell.transport() == Transport.DBUS_DAEMON) {
                find(cells, same(cell, Series.LKML, cell.pair(), Transport.P2P_UNIX))
                        .ifPresent(base -> out.add(new Comparison(Comparison.Kind.LKML, cell, base)));
            }
        }
        return out;
    }

    private static Predicate<Cell> same(Cell like, Series series, Pair pair, Transport transport) {
        return c -> c.series() == series && c.pair() == pair && c.transport() == transport && c.mode() == like.mode()
                && c.payloadBytes() == like.payloadBytes() && c.placement() == like.placement();
    }

    private static Optional<Cell> find(List<Cell> cells, Predicate<Cell> p) {
        return cells.stream().filter(p).findFirst();
    }

    /** The cells whose median us/call must meet the precision target. */
    public List<Cell> matrix() {
        return cells.stream().filter(c -> c.series() == Series.MATRIX).toList();
    }

    /** Every persistent client the session needs, in plan order. */
    public List<ClientKey> clientKeys() {
        LinkedHashSet<ClientKey> keys = new LinkedHashSet<>();
        cells.forEach(c -> c.clientKey().ifPresent(keys::add));
        return List.copyOf(keys);
    }

    /**
     * The cells one block runs, in plan order: warm-up blocks run all but the over-limit check, the first measured
     * block everything, later measured blocks all but the over-limit check.
     *
     * @param measuredBlock 1-based number among the measured blocks (ignored for warm-up)
     */
    public List<Cell> cellsOfBlock(Phase phase, int measuredBlock) {
        boolean withOverLimit = phase == Phase.MEASURE && measuredBlock == 1;
        return cells.stream().filter(c -> c.kind() != CellKind.OVERLIMIT || withOverLimit).toList();
    }

    /**
     * The cells of a warm-up block, in plan order. The first runs every cell but the over-limit check, so each gets
     * its calls per run calibrated (spam cells too: they are not warmed again, libdbus has no JIT). Later warm-up
     * blocks run only persistent clients' cells, and only those of the clients in {@code stillCompiling} when it
     * is not empty, so the slowest warmers get their runs at a far higher rate than in a block of every cell.
     * The lkml cells are never warmed: their calls are fixed (nothing to calibrate) and their GLib client has no JIT.
     */
    public List<Cell> warmupCells(boolean firstBlock, Set<ClientKey> stillCompiling) {
        return cells.stream().filter(c -> c.kind() != CellKind.OVERLIMIT && c.series() != Series.LKML)
                .filter(c -> firstBlock || c.clientKey().filter(k -> stillCompiling.isEmpty() || stillCompiling.contains(k))
                        .isPresent())
                .toList();
    }

    public Optional<Cell> cell(String id) {
        return cells.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** The same plan with new calls per run for the cells named (by id); comparisons follow their cells. */
    public SessionPlan withCalls(Map<String, Integer> callsById) {
        List<Cell> updated = cells.stream().map(c -> callsById.containsKey(c.id()) ? c.withCalls(callsById.get(c.id())) : c)
                .toList();
        return new SessionPlan(updated, comparisonsOf(updated));
    }
}
