package org.dbuslab.runner.stop;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How many runs a real-world path's cell makes in its next block: one, or more while its price (the path cell against
 * the same client on its bus directly, a subject of the stopping rule with issue 24's +-5 % target) is not within the
 * target. The two cells run only in their paths-SIZE blocks, one block of five, so a session gives them 8-10 blocks;
 * a price whose 95% CI half-width is h against a target t gets ceil(h / t) runs of both cells per such block, at most
 * {@link #MOST}. A second run in a block is worth less than a second block (in a default session the runs of a cell
 * within one block shared about half their variance: 2026-12-06), which is why the matrix cells, in every block, keep
 * one run: extra runs of theirs cost 11 of 51 blocks and left the matrix's intervals wider, not narrower. The 2015
 * ratio (GLib async on dbus-daemon ÷ on p2p-unix, issue 21's +-15 %) is treated alike, though its cells run in every
 * block (a run of 128 calls takes a few ms).
 */
public final class ExtraRuns {

    /** At most this many runs of a cell per block: a block must stay short enough for the others' turns. */
    public static final int MOST = 3;

    private ExtraRuns() {
    }

    /**
     * Runs per block by cell id for the cells of the subjects that get more than one (absent: one): the comparisons of
     * a rotating kind (Comparison.Kind#rotating: a path's price, the 2015 ratio) not yet met.
     */
    public static Map<String, Integer> of(List<Precision> precision) {
        Map<String, Integer> out = new HashMap<>();
        for (Precision p : precision) {
            if (p == null || !p.isComparison() || !p.comparison().kind().rotating() || p.met() || p.skipped()
                    || !Double.isFinite(p.halfWidthPct()) || !Double.isFinite(p.targetPct()) || p.targetPct() <= 0) {
                continue;
            }
            int runs = (int) Math.min(MOST, Math.ceil(p.halfWidthPct() / p.targetPct()));
            if (runs > 1) {
                out.merge(p.comparison().subject().id(), runs, Math::max);
                out.merge(p.comparison().baseline().id(), runs, Math::max);
            }
        }
        return out;
    }
}
