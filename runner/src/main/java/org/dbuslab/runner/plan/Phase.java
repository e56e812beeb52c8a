package org.dbuslab.runner.plan;

/** runs.csv's phase column: warm-up blocks come first and are recorded, but not analysed. */
public enum Phase {
    WARMUP,
    MEASURE;

    public String label() {
        return Labels.of(this);
    }

    @Override
    public String toString() {
        return label();
    }
}
