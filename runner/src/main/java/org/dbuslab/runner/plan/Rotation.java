package org.dbuslab.runner.plan;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Which cells a measured block runs (ROUND2.md "Blocks with rotating groups"): the matrix cells, the over-limit check
 * (which has its own single run), the 2015 experiment's pipelined cells and the lab-health headline's reference cells
 * ({@link #healthPayload}) in every block; every other cell in the
 * rotation group of its
 * (family, mode, payload size), and measured block b (1-based) runs group (b - 1) mod G of the G groups: the
 * real-world paths' first ({@link #ORDER}), then by mode and size. The real-world paths (series paths and policy) are
 * a family of their own, one group per size for both modes (see Group), so that their cells do not lengthen the other
 * groups' blocks. Each comparison stays within blocks: its cells share family, mode and size, or one of them is a
 * matrix cell.
 * Off, there are no groups and every block runs every cell.
 *
 * <p>Paced ({@link #paced}): after measured block {@code pacedAfter}, only one block in {@code pace} runs a group (the
 * next in turn); the others run the matrix and the every-block cells alone, when the budget could not buy the
 * matrix's precision otherwise (MatrixFirst).
 *
 * @param healthPayload the payload of the lab-health headline (the smallest of dbus-daemon's sync reference cells),
 *                      0 without one
 */
public record Rotation(List<Group> groups, int pacedAfter, int pace, int healthPayload) {

    /** plan.tsv's group of a cell in every block, and order.tsv's of a block that runs every group. */
    public static final String EVERY = org.dbuslab.format.PlanTsv.EVERY_BLOCK;
    public static final Rotation OFF = new Rotation(List.of());

    /**
     * One rotation group: the cells of one family, mode and payload size outside the matrix; the real-world paths'
     * family has one group per size for both modes ({@code mode} null), so that the common groups lose a fifth of
     * their blocks to it, not a third (the 2015 ratio's async cells run once in each block of their group).
     */
    public record Group(String family, Mode mode, int payloadBytes) {
        /** The family of the reference, sweep, libraries and lkml cells: they share their groups. */
        public static final String COMMON = "";
        /** The family of the real-world paths. */
        public static final String PATHS = "paths";

        /** A group of the common family. */
        public Group(Mode mode, int payloadBytes) {
            this(COMMON, mode, payloadBytes);
        }

        /** E.g. {@code sync-1000}, {@code paths-1000}. */
        public String label() {
            return (family.isEmpty() ? "" : family + "-") + (mode == null ? "" : mode.label() + "-") + payloadBytes;
        }

        static Group of(Cell c) {
            boolean path = c.series() == Series.PATHS || c.series() == Series.POLICY;
            return path ? new Group(PATHS, null, c.payloadBytes()) : new Group(COMMON, c.mode(), c.payloadBytes());
        }

        private int modeOrder() {
            return mode == null ? -1 : mode.ordinal();
        }
    }

    public Rotation {
        groups = List.copyOf(groups);
        if (pacedAfter < 0 || pace < 1) {
            throw new IllegalArgumentException("pace " + pace + " after block " + pacedAfter);
        }
    }

    public Rotation(List<Group> groups) {
        this(groups, 0, 1, 0);
    }

    /** From measured block {@code after} + 1 on, a group in one block of {@code everyNth}. */
    public Rotation paced(int after, int everyNth) {
        return new Rotation(groups, after, everyNth, healthPayload);
    }

    public boolean isPaced() {
        return pace > 1;
    }

    /**
     * The turn of the rotation measured block {@code b} takes (1-based), or 0 for a block that runs no group: every
     * block takes a turn until {@code pacedAfter}, then one in {@code pace}.
     */
    private int turn(int b) {
        if (pace == 1 || b <= pacedAfter) {
            return b;
        }
        return (b - pacedAfter) % pace == 0 ? pacedAfter + (b - pacedAfter) / pace : 0;
    }

    /** How many of measured blocks 1..{@code b} take a turn. */
    private int turnsUpTo(int b) {
        return pace == 1 || b <= pacedAfter ? b : pacedAfter + (b - pacedAfter) / pace;
    }

    /** The groups of these cells ({@code on}), or none. */
    public static Rotation of(List<Cell> cells, boolean on) {
        if (!on) {
            return OFF;
        }
        int health = cells.stream().filter(Rotation::healthCandidate).mapToInt(Cell::payloadBytes).min().orElse(0);
        return new Rotation(cells.stream().filter(c -> rotates(c, health)).map(Group::of).distinct().sorted(ORDER)
                .toList(), 0, 1, health);
    }

    /**
     * The groups' order, which is the order of their turns: the real-world paths' groups first, since a session the
     * budget ends mid-round leaves its last groups a turn short. Their prices are held to +-5 % (issue 24), the other
     * groups' cells to a run cap or a looser target. Last in the order, the paths group had 6 turns in the 34 measured
     * blocks of session Z5 (docs/EXPERIMENTS.md), the others 7.
     */
    static final Comparator<Group> ORDER = Comparator.comparing((Group g) -> !g.family().equals(Group.PATHS))
        .thenComparing(Group::family).thenComparingInt(Group::modeOrder).thenComparingInt(Group::payloadBytes);

    /**
     * Cells outside the matrix take turns, but for the over-limit check, the 2015 experiment's pipelined cells and the
     * lab-health headline. A 2015 run is 128 calls, a few ms, and in one block of five their ratio had 9 blocks, where
     * two blocks with a slow GLib run on p2p-unix stretched its 95% CI to 1.02-1.47 (issue 21's target: +-15 %).
     */
    private static boolean rotates(Cell c, int healthPayload) {
        return c.series() != Series.MATRIX && c.kind() != CellKind.OVERLIMIT
            && !(c.series() == Series.LKML && c.mode() == Mode.ASYNC)
            && !(healthCandidate(c) && c.payloadBytes() == healthPayload);
    }

    /**
     * A reference cell of the report's lab-health finding (the Java client and server against libdbus, on dbus-daemon
     * sync, at the smallest payload), held to issue 25's CI upper bound of 1.15. In one block of five these had 7
     * paired blocks in session Z, and the client's CI read 0.96-1.37; in every block they cost 3 runs, about a tenth
     * of a block that runs no group. A session without dbus-daemon has none: its finding falls back to another bus,
     * whose cells keep their group's turns.
     */
    private static boolean healthCandidate(Cell c) {
        return c.series() == Series.REFERENCE && c.transport() == Transport.DBUS_DAEMON && c.mode() == Mode.SYNC
            && (c.pair() == Pair.LIBDBUS || c.pair() == Pair.JAVA_LIBDBUS || c.pair() == Pair.LIBDBUS_JAVA);
    }

    /** The cell's group; empty for a cell in every block. */
    public Optional<Group> groupOf(Cell cell) {
        if (groups.isEmpty() || !rotates(cell, healthPayload)) {
            return Optional.empty();
        }
        Group g = Group.of(cell);
        return groups.contains(g) ? Optional.of(g) : Optional.empty();
    }

    /** The group measured block {@code measuredBlock} (1-based) runs; empty when there are no groups. */
    public Optional<Group> groupOfBlock(int measuredBlock) {
        if (measuredBlock < 1) {
            throw new IllegalArgumentException("measured blocks are numbered from 1, got " + measuredBlock);
        }
        int turn = turn(measuredBlock);
        return groups.isEmpty() || turn == 0 ? Optional.empty() : Optional.of(groups.get((turn - 1) % groups.size()));
    }

    /** Whether the cell runs in that measured block (as far as rotation goes; the over-limit check runs once). */
    public boolean runs(Cell cell, int measuredBlock) {
        Optional<Group> g = groupOf(cell);
        return g.isEmpty() || g.equals(groupOfBlock(measuredBlock));
    }

    /** Those of {@code cells} that run in the measured block, in their order. */
    public List<Cell> cellsOfBlock(List<Cell> cells, int measuredBlock) {
        return cells.stream().filter(c -> runs(c, measuredBlock)).toList();
    }

    /** How many of measured blocks 1..{@code measuredBlocks} the cell runs in (its cap aside). */
    public int blocksOf(Cell cell, int measuredBlocks) {
        Optional<Group> g = groupOf(cell);
        if (g.isEmpty()) {
            return measuredBlocks;
        }
        int index = groups.indexOf(g.get());
        int turns = turnsUpTo(measuredBlocks);
        return turns > index ? (turns - 1 - index) / groups.size() + 1 : 0;
    }

    /** The cell's group label for plan.tsv: {@link #EVERY} for a cell in every block. */
    public String label(Cell cell) {
        return groupOf(cell).map(Group::label).orElse(EVERY);
    }

    /**
     * The block's group label for order.tsv and the progress line: {@link #EVERY} without groups,
     * {@link org.dbuslab.format.PlanTsv#NO_GROUP} for a paced block without one.
     */
    public String blockLabel(int measuredBlock) {
        return groupOfBlock(measuredBlock).map(Group::label)
            .orElse(groups.isEmpty() ? EVERY : org.dbuslab.format.PlanTsv.NO_GROUP);
    }
}
