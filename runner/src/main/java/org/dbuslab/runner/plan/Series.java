package org.dbuslab.runner.plan;

/** runs.csv's series column. */
public enum Series {
    /** transport x mode x size, Java client against Java server. */
    MATRIX,
    /** libdbus pairs and the raw-socket floor. */
    REFERENCE,
    /** The pipelining-depth sweep: async, the window varies. */
    SWEEP,
    /** The over-limit check (expected: LimitsExceeded errors). */
    OVERLIMIT;

    public String label() {
        return Labels.of(this);
    }

    @Override
    public String toString() {
        return label();
    }
}
