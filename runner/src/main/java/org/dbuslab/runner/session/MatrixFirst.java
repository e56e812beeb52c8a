package org.dbuslab.runner.session;

import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.Rotation;
import org.dbuslab.stats.Quantiles;
import org.dbuslab.stats.SampleComparison;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * Whether the budget puts the matrix first (issue 21: "the matrix in both placements comes first, and the report says
 * what it shortened"). Once every rotation group has {@link #GROUP_FLOOR} measured blocks with values (and the fifth
 * measured block is made), when the blocks the budget still holds at the full pace would not bring the median matrix
 * cell to the precision target, the rotation groups take a turn in one block of {@code pace} only: the smallest pace
 * up to {@link #MAX_PACE} whose blocks would, else {@link #MAX_PACE}, and only when that buys at least
 * {@link #LEAST_GAIN} times the blocks. On a 2-vCPU AMD EPYC VM a default session's rotation groups took ~85 %
 * of its measured blocks' time, and the matrix got 10-14 blocks.
 *
 * @param pace          a group in one block of this many from now on; 1 leaves the session as planned
 * @param atFullPace    the blocks the budget holds if every block runs a group
 * @param atPace        the blocks it holds at {@code pace}
 * @param needed        the blocks the median matrix cell needs for the target, in all (made and to come)
 */
record MatrixFirst(int pace, int atFullPace, int atPace, int needed) {

    /**
     * The slowest pace: each group keeps a turn in one block of three, so the libraries, paths and reference rows
     * still get some blocks in a short session; the report says how few.
     */
    static final int MAX_PACE = 3;
    /**
     * The measured blocks every rotation group has before the matrix may take its turns: one more than the fewest a
     * paired comparison needs for an interval (the exact signed-rank test's, {@link SampleComparison#LEAST_PAIRED_BLOCKS}),
     * since the analysis may set aside a half the runner kept: it judges the host's speed against the whole session's
     * median, the runner against the readings so far. Paced from the sixth measured block, session Y
     * (docs/EXPERIMENTS.md) left its path and policy groups 5 blocks each; paced once they had 6, session Z lost one
     * of them so, and every path price read "too few runs to tell" in both.
     */
    static final int GROUP_FLOOR = SampleComparison.LEAST_PAIRED_BLOCKS + 1;
    /** Pacing must buy this many times the blocks of the full pace, else the groups keep every turn. */
    static final double LEAST_GAIN = 1.25;
    /** The median's bootstrap CI is about this much wider than the mean's normal one (docs/SESSION-TIME.md). */
    private static final double MEDIAN_FACTOR = 1.25;

    /**
     * The blocks a cell needs for a 95% CI half-width of {@code targetPct} at the median, from its blocks' values so
     * far: a robust spread (1.4826 × MAD ÷ median), so that one slow block among five does not set the session's
     * pace; 0 when they do not vary.
     */
    static int blocksNeeded(double[] blockValues, double targetPct) {
        if (blockValues.length < 2) {
            return 0;
        }
        double median = Quantiles.median(blockValues);
        double mad = Quantiles.median(Arrays.stream(blockValues).map(v -> Math.abs(v - median)).toArray());
        double spreadPct = 100 * 1.4826 * mad / median;
        double n = Math.pow(1.96 * MEDIAN_FACTOR * spreadPct / targetPct, 2);
        return Double.isFinite(n) ? (int) Math.min(Integer.MAX_VALUE, Math.ceil(n)) : Integer.MAX_VALUE;
    }

    /**
     * Whether the pace is due to be weighed after measured block {@code measured}: from {@code earliest} on, once every
     * rotation group has {@link #GROUP_FLOOR} blocks, as {@link #fewestGroupBlocks} counts them.
     */
    static boolean due(int measured, int earliest, Rotation rotation, List<Cell> cells, Set<String> skipped,
                       ToIntFunction<String> blocksWithValues, Predicate<Cell> capSpent) {
        return measured >= earliest
            && fewestGroupBlocks(rotation, cells, skipped, blocksWithValues, capSpent, measured) >= GROUP_FLOOR;
    }

    /**
     * The fewest measured blocks among the rotation groups, each group counted by whichever of its cells has the most
     * blocks with values (a half set aside costs all its cells that block). A cell that has spent its run cap counts
     * as the floor, and so does a group that has had twice the floor's turns: it has what it will get, or it fails
     * and more turns would not mend it. Cells in {@code skipped} do not count, nor a group made of them alone;
     * {@link Integer#MAX_VALUE} without such groups.
     */
    static int fewestGroupBlocks(Rotation rotation, List<Cell> cells, Set<String> skipped,
                                 ToIntFunction<String> blocksWithValues, Predicate<Cell> capSpent, int measured) {
        return rotation.groups().stream()
            .mapToInt(g -> {
                List<Cell> of = rotation.cellsOf(g, cells).stream().filter(c -> !skipped.contains(c.id())).toList();
                if (of.isEmpty()) {
                    return Integer.MAX_VALUE;
                }
                int most = of.stream().mapToInt(c -> capSpent.test(c) ? GROUP_FLOOR : blocksWithValues.applyAsInt(c.id()))
                    .max().orElse(0);
                return rotation.blocksOf(of.get(0), measured) >= 2 * GROUP_FLOOR ? Math.max(most, GROUP_FLOOR) : most;
            })
            .min().orElse(Integer.MAX_VALUE);
    }

    /**
     * @param measured        measured blocks made so far
     * @param needed          blocks the median matrix cell needs for the target, in all
     * @param remaining       the budget left for measured blocks
     * @param perBlock        the measured blocks' mean length so far (with a group in each)
     * @param groupPerBlock   how much of that the rotation group's runs took, on average over the same blocks
     */
    static MatrixFirst decide(int measured, int needed, Duration remaining, Duration perBlock, Duration groupPerBlock) {
        Duration every = perBlock.minus(groupPerBlock).isNegative() ? Duration.ZERO : perBlock.minus(groupPerBlock);
        int full = blocks(remaining, every, groupPerBlock, 1);
        if (measured + full >= needed || groupPerBlock.isZero() || full == 0) {
            return new MatrixFirst(1, full, full, needed);
        }
        for (int pace = 2; pace <= MAX_PACE; pace++) {
            int at = blocks(remaining, every, groupPerBlock, pace);
            if (measured + at >= needed || pace == MAX_PACE) {
                return at >= LEAST_GAIN * full ? new MatrixFirst(pace, full, at, needed) : new MatrixFirst(1, full, full, needed);
            }
        }
        throw new AssertionError("MAX_PACE is at least 2");
    }

    private static int blocks(Duration remaining, Duration every, Duration group, int pace) {
        double perBlockMs = every.toMillis() + group.toMillis() / (double) pace;
        return perBlockMs <= 0 ? Integer.MAX_VALUE : (int) Math.min(Integer.MAX_VALUE, remaining.toMillis() / perBlockMs);
    }

    boolean shortens() {
        return pace > 1;
    }

    /** For the session's stderr and notes.tsv (topic budget, outcome matrix-first); the report quotes it. */
    String text(int measured) {
        return String.format(Locale.ROOT, "the matrix came first: from measured block %d on, the rotation groups ran in one"
            + " block of %d, since the median matrix cell needed about %d blocks and the budget held %d more with a group in"
            + " each, about %d at this pace; each rotation group had %d blocks first, and its libraries, reference (but"
            + " the lab-health cells), sweep, lkml sync and path cells have fewer blocks than the matrix (a longer"
            + " --budget keeps them)", measured + 1, pace, needed, atFullPace, atPace, GROUP_FLOOR);
    }
}
