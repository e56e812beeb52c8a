package org.dbuslab.runner.plan;

/** runs.csv's series column. */
public enum Series {
    /** transport x mode x size, Java client against Java server. */
    MATRIX("matrix"),
    /** libdbus pairs and the raw-socket floor. */
    REFERENCE("reference"),
    /** The pipelining-depth sweep: async, the window varies. */
    SWEEP("sweep"),
    /** The over-limit check (expected: LimitsExceeded errors). */
    OVERLIMIT("overlimit");

    private final String label;

    Series(String label) {
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
