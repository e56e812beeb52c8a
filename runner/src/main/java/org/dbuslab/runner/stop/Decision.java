package org.dbuslab.runner.stop;

import java.util.List;

/** What the stopping rule says after a measured block, with every subject's precision. */
public record Decision(Verdict verdict, List<Precision> precision) {

    public enum Verdict {
        /** Another measured block is due. */
        CONTINUE,
        /** Every matrix cell and headline comparison is within the target, after the least blocks. */
        TARGET_MET,
        /** The budget would not hold another block (or is spent). */
        BUDGET_SPENT,
        /** The fixed count of blocks (--blocks, --quick) is done. */
        BLOCKS_DONE
    }

    public Decision {
        precision = List.copyOf(precision);
    }

    public boolean stop() {
        return verdict != Verdict.CONTINUE;
    }

    public long cellsMet() {
        return precision.stream().filter(p -> !p.isComparison() && p.met()).count();
    }

    public long cells() {
        return precision.stream().filter(p -> !p.isComparison() && !p.skipped()).count();
    }

    public long comparisonsMet() {
        return precision.stream().filter(p -> p.isComparison() && p.met()).count();
    }

    public long comparisons() {
        return precision.stream().filter(p -> p.isComparison() && !p.skipped()).count();
    }
}
