package org.dbuslab.runner.options;

import org.dbuslab.format.Labels;

/** --order: how the runs inside a block are ordered. */
public enum BlockOrdering {
    /**
     * Every block shuffled from (order seed, block number), the cells a comparison pairs back to back (plan's
     * ComparisonCluster): drift spreads over every cell alike, and the runs a ratio divides are close in time.
     */
    CLUSTERED,
    /** Every block shuffled from (order seed, block number), each run anywhere in it. */
    INTERLEAVED,
    /** Plan order in every block: transport by transport (for debugging a single cell's behaviour). */
    SEQUENTIAL;

    public String label() {
        return Labels.of(this);
    }

    @Override
    public String toString() {
        return label();
    }
}
