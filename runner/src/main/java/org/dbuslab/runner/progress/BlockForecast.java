package org.dbuslab.runner.progress;

import org.dbuslab.runner.stop.Decision;
import org.dbuslab.runner.stop.Precision;

/**
 * How many more measured blocks a session is likely to need. With a fixed count it is what is left of it; with a
 * precision target, a CI's half-width shrinks about as 1/sqrt(blocks), so a subject at half-width h after n blocks
 * needs about n (h / target)^2 blocks in all. The slowest unmet subject decides, and never fewer than the least
 * measured blocks allow.
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
            int needed;
            if (Double.isFinite(p.halfWidthPct()) && done > 0) {
                double ratio = p.halfWidthPct() / p.targetPct();
                needed = (int) Math.min(100_000, Math.ceil(done * ratio * ratio));
            } else {
                needed = minBlocks;
            }
            left = Math.max(left, Math.max(1, needed - done));
        }
        return Math.max(left, 1);
    }
}
