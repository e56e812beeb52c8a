package org.dbuslab.format;

/** runs.csv's phase column: warm-up runs are recorded so nothing is hidden, but only measured runs are analysed. */
public enum Phase {
    WARMUP,
    MEASURE;

    public String label() {
        return Labels.of(this);
    }

    /** The column's text; empty means the writer had no phases, so every run was measured. */
    public static Phase parse(String text) {
        return switch (text) {
            case "warmup" -> WARMUP;
            case "measure", "" -> MEASURE;
            default -> throw new IllegalArgumentException("phase must be 'warmup' or 'measure', not '" + text + "'");
        };
    }

    @Override
    public String toString() {
        return label();
    }
}
