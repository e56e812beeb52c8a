package org.dbuslab.runner.options;

/** --order: how the runs inside a block are ordered. */
public enum BlockOrdering {
    /** Every block shuffled from (order seed, block number): drift spreads over every cell alike. */
    INTERLEAVED("interleaved"),
    /** Plan order in every block: transport by transport (for debugging a single cell's behaviour). */
    SEQUENTIAL("sequential");

    private final String label;

    BlockOrdering(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
