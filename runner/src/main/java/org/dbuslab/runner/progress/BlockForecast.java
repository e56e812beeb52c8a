package org.dbuslab.runner.progress;

import org.dbuslab.runner.stop.Decision;
import org.dbuslab.runner.stop.Precision;

/**
 * How many more measured blocks a session is likely to need. With a fixed count it is what is left of it; with a
 * precision target, a CI's half-width shrinks about as 1/sqrt(blocks), so a subject at half-width h after n blocks
 * needs about n (h / target)^2 blocks in all. n is the subject's own blocks: with rotation a rotation group's
 * subject gets one in every G-th block only, so its blocks still needed are scaled by the share of the session's
 * blocks it got so far. The slowest unmet subject decides, and never fewer than the least measured blocks allow.
 */
public final class BlockForecast {

    private BlockForecast() {
    }

    /**
     * @param done        measured blocks made
     * @param fixedBlocks the fixed count, or 0 with a precision target
     * @param minBlocks   least measured blocks
     * @param last        the latest decision (null before the first measured block)
     */
    public static int blocksLeft(int done, int fixedBlocks, int minBlocks, Decision last) {
        if (fixedBlocks > 0) {
            return Math.max(0, fixedBlocks - done);
        }
        int left = Math.max(0, minBlocks - done);
        if (last == null) {
            return Math.max(left, minBlocks);
        }
        if (last.stop()) {
            return 0;
        }
        for (Precision p : last.precision()) {
            if (p.met() || p.skipped()) {
                continue;
            }
            int more;
            if (Double.isFinite(p.halfWidthPct()) && done > 0 && p.blocks() > 0) {
                double ratio = p.halfWidthPct() / p.targetPct();
                int own = Math.min(p.blocks(), done);
                double ownMore = Math.max(0, own * ratio * ratio - own);
                more = (int) Math.min(100_000, Math.ceil(ownMore * done / own));
            } else {
                more = minBlocks - done;
            }
            left = Math.max(left, Math.max(1, more));
        }
        return Math.max(left, 1);
    }
}
