package org.dbuslab.runner.session;

import java.time.Duration;
import java.util.Locale;

/**
 * Whether the budget puts the matrix first (issue 21: "the matrix in both placements comes first, and the report says
 * what it shortened"). After the noise forecast, when the blocks the budget still holds at the full pace would not bring
 * the median matrix cell to the precision target, the rotation groups take a turn in one block of {@code pace} only:
 * the smallest pace up to {@link #MAX_PACE} whose blocks would, else {@link #MAX_PACE}. On a 2-vCPU AMD EPYC VM a
 * default session's rotation groups took ~85 % of its measured blocks' time, and the matrix got 10-14 blocks.
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
     * @param measured        measured blocks made so far
     * @param needed          blocks the median matrix cell needs for the target, in all
     * @param remaining       the budget left for measured blocks
     * @param perBlock        a measured block's expected length so far (with a group in each)
     * @param groupPerBlock   how much of that the rotation group's runs took, on average
     */
    static MatrixFirst decide(int measured, int needed, Duration remaining, Duration perBlock, Duration groupPerBlock) {
        Duration every = perBlock.minus(groupPerBlock).isNegative() ? Duration.ZERO : perBlock.minus(groupPerBlock);
        int full = blocks(remaining, every, groupPerBlock, 1);
        if (measured + full >= needed || groupPerBlock.isZero()) {
            return new MatrixFirst(1, full, full, needed);
        }
        for (int pace = 2; pace <= MAX_PACE; pace++) {
            int at = blocks(remaining, every, groupPerBlock, pace);
            if (measured + at >= needed || pace == MAX_PACE) {
                return new MatrixFirst(pace, full, at, needed);
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
            + " each, about %d at this pace; the libraries, reference, sweep, lkml sync and path cells have fewer blocks"
            + " (a longer --budget keeps them)", measured + 1, pace, needed, atFullPace, atPace);
    }
}
