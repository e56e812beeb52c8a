package org.dbuslab.runner.progress;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

import org.dbuslab.format.Phase;
import org.dbuslab.runner.stop.Budget;

/**
 * How long blocks take, and so how long the rest of the session will: the mean of the latest measured blocks
 * (whole rotation cycles of them, {@link #averagingCyclesOf})
 * (warm-up blocks only until a measured one has finished: they run JIT-cold clients and one cell fewer), times
 * the blocks left, never more than the budget left.
 */
public final class Eta {

    /** How many of the latest measured blocks the estimate averages: recent enough to follow a drift. */
    public static final int RECENT = 3;

    private final Clock clock;
    private final Budget budget;
    private final Deque<Duration> measured = new ArrayDeque<>();
    /** The latest measured blocks with a rotation group and without one: once paced, a block is one or the other. */
    private final Deque<Duration> withGroup = new ArrayDeque<>();
    private final Deque<Duration> withoutGroup = new ArrayDeque<>();
    private boolean grouped;
    private int recent = RECENT;
    private Duration lastWarmup;
    private Instant started;
    private Phase phase;

    public Eta(Clock clock, Budget budget) {
        this.clock = clock;
        this.budget = budget;
    }

    /**
     * Blocks take turns in a cycle of {@code cycle} (rotation groups of different lengths): the estimate averages
     * whole cycles, the fewest that hold at least {@link #RECENT} blocks, so it does not swing with the group.
     */
    public Eta averagingCyclesOf(int cycle) {
        int c = Math.max(1, cycle);
        recent = (RECENT + c - 1) / c * c;
        return this;
    }

    /** How many of the latest measured blocks the estimate averages. */
    public int averaged() {
        return recent;
    }

    /**
     * @param withGroup whether the block runs a rotation group (false: a paced block of the matrix and the every-block
     *                  cells alone)
     */
    public void blockStarted(Phase blockPhase, boolean withGroup) {
        started = clock.instant();
        phase = blockPhase;
        grouped = withGroup;
    }

    /** @return how long the block took */
    public Duration blockFinished() {
        if (started == null) {
            throw new IllegalStateException("no block started");
        }
        Duration took = Duration.between(started, clock.instant());
        if (phase == Phase.MEASURE) {
            keepLatest(measured, took, recent);
            keepLatest(grouped ? withGroup : withoutGroup, took, RECENT);
        } else {
            lastWarmup = took;
        }
        started = null;
        return took;
    }

    /** The expected length of the next measured block; ZERO before any block has finished. */
    public Duration expectedBlock() {
        if (!measured.isEmpty()) {
            return mean(measured);
        }
        return lastWarmup == null ? Duration.ZERO : lastWarmup;
    }

    /**
     * The expected length of a measured block with a rotation group or without one: the mean of the latest of its kind
     * (on an AMD VM 9-18 s with a group, 4-5.6 s without), so that a paced session's last block neither eats the
     * report's reserve nor is left out while it would fit; {@link #expectedBlock()} before one of its kind has finished.
     */
    public Duration expectedBlock(boolean withGroup) {
        Deque<Duration> kind = withGroup ? this.withGroup : withoutGroup;
        return kind.isEmpty() ? expectedBlock() : mean(kind);
    }

    private static void keepLatest(Deque<Duration> lengths, Duration took, int most) {
        lengths.addLast(took);
        if (lengths.size() > most) {
            lengths.removeFirst();
        }
    }

    private static Duration mean(Deque<Duration> lengths) {
        return lengths.stream().reduce(Duration.ZERO, Duration::plus).dividedBy(lengths.size());
    }

    /** The time the session still needs for {@code blocksLeft} blocks, at most the budget left; empty while unknown. */
    public java.util.Optional<Duration> remaining(int blocksLeft) {
        Duration block = expectedBlock();
        if (block.isZero() && blocksLeft > 0) {
            return java.util.Optional.empty();
        }
        Duration need = block.multipliedBy(Math.max(0, blocksLeft));
        Duration left = budget.remaining();
        return java.util.Optional.of(need.compareTo(left) > 0 ? left : need);
    }

    /** How many more blocks of the expected length the budget left holds; -1 while no block has finished. */
    public int blocksAllowed() {
        Duration block = expectedBlock();
        if (block.isZero()) {
            return -1;
        }
        return (int) Math.min(Integer.MAX_VALUE, budget.remaining().toMillis() / Math.max(1, block.toMillis()));
    }

    public Budget budget() {
        return budget;
    }
}
