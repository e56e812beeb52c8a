package org.dbuslab.runner.plan;

import org.dbuslab.format.OverLimit;
import org.dbuslab.format.Pair;
import org.dbuslab.format.Placement;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;

import java.util.Optional;

/**
 * One row of the plan: each block it is in (Rotation) makes one run of it. Everything but {@code calls} and
 * {@code maxRuns} identifies the cell ({@link #id()}); calls per run may be set after a warm-up block
 * ({@link #withCalls}).
 *
 * @param maxRuns   measured runs after which the cell leaves the blocks (lkml: a few long runs), 0 for no cap
 * @param placement the CPUs its runs' processes are pinned to: a matrix cell is one cell per placement
 */
public record Cell(CellKind kind, Series series, Pair pair, Transport transport, Mode mode, int payloadBytes, int window,
                   int calls, int maxRuns, Placement placement) {

    /** runs.csv's expected column for the over-limit check's rows. */
    public static final String OVERLIMIT_EXPECTED = OverLimit.EXPECTED_ERROR;

    public Cell {
        if (payloadBytes < 0 || window < 1 || calls < 1) {
            throw new IllegalArgumentException("bad cell: payload " + payloadBytes + ", window " + window + ", calls " + calls);
        }
        if (mode == Mode.SYNC && window != 1) {
            throw new IllegalArgumentException("a sync cell has window 1, got " + window);
        }
        if (placement == null) {
            throw new IllegalArgumentException("a cell needs its placement");
        }
        if (maxRuns < 0) {
            throw new IllegalArgumentException("bad run cap " + maxRuns);
        }
    }

    /** A cell in one-cpu placement. */
    public Cell(CellKind kind, Series series, Pair pair, Transport transport, Mode mode, int payloadBytes, int window,
                int calls, int maxRuns) {
        this(kind, series, pair, transport, mode, payloadBytes, window, calls, maxRuns, Placement.ONE_CPU);
    }

    /** A cell without a run cap, in one-cpu placement. */
    public Cell(CellKind kind, Series series, Pair pair, Transport transport, Mode mode, int payloadBytes, int window,
                int calls) {
        this(kind, series, pair, transport, mode, payloadBytes, window, calls, 0);
    }

    /** Whether a cell that has made {@code measuredRuns} still belongs in the measured blocks. */
    public boolean wantsMoreRuns(int measuredRuns) {
        return maxRuns == 0 || measuredRuns < maxRuns;
    }

    public Cell withMaxRuns(int cap) {
        return new Cell(kind, series, pair, transport, mode, payloadBytes, window, calls, cap, placement);
    }

    /**
     * The cell's identity without calls, usable as a control-channel tag ([A-Za-z0-9._-]+), e.g.
     * {@code matrix.java.dbus-daemon.sync.1000.w1}; a cell in another placement than one-cpu (where every series
     * runs) ends in its label, {@code matrix.java.dbus-daemon.sync.1000.w1.cross}.
     */
    public String id() {
        return series.label() + "." + pair.shortName() + "." + transport.label() + "." + mode.label() + "." + payloadBytes
                + ".w" + window + (placement == Placement.ONE_CPU ? "" : "." + placement.label());
    }

    /** The persistent client that makes this cell's runs; empty for spam cells (one process per run). */
    public Optional<ClientKey> clientKey() {
        return kind.spam() ? Optional.empty() : Optional.of(new ClientKey(transport, pair, mode));
    }

    /** runs.csv's reference column: every row that is not the measured subject. */
    public boolean reference() {
        return pair.reference();
    }

    /** runs.csv's expected column. */
    public String expected() {
        return series == Series.OVERLIMIT ? OVERLIMIT_EXPECTED : "";
    }

    public Cell withCalls(int newCalls) {
        return new Cell(kind, series, pair, transport, mode, payloadBytes, window, newCalls, maxRuns, placement);
    }

    public Cell withPlacement(Placement p) {
        return new Cell(kind, series, pair, transport, mode, payloadBytes, window, calls, maxRuns, p);
    }

    /** For progress lines: {@code dbus-daemon async 1000 B w128 [matrix]}. */
    public String describe() {
        String what = pair.reference() ? "reference " + pair.label() : series.label();
        return transport.label() + " " + mode.label() + " " + payloadBytes + " B w" + window + " calls " + calls + " [" + what + "]"
                + (placement == Placement.ONE_CPU ? "" : " " + placement.label());
    }
}
