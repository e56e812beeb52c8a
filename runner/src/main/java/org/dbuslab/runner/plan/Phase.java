package org.dbuslab.runner.plan;

/** runs.csv's phase column: warm-up blocks come first and are recorded, but not analysed. */
public enum Phase {
    WARMUP("warmup"),
    MEASURE("measure");

    private final String label;

    Phase(String label) {
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
