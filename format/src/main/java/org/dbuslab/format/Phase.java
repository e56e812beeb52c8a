package org.dbuslab.format;

/** runs.csv's phase column: warm-up runs are recorded so nothing is hidden, but only measured runs are analysed. */
public enum Phase {
    WARMUP,
    MEASURE,
    /**
     * A measured run whose client compiled for more than {@link JitBusy#SHARE} of it ({@link JitBusy#busy}): it timed
     * the JIT as well as the calls, so the runner made it again right after, in the same block and placement, and keeps
     * this one in runs.csv only to count it.
     */
    REDONE;

    public String label() {
        return Labels.of(this);
    }

    /** The column's text; empty means the writer had no phases, so every run was measured. */
    public static Phase parse(String text) {
        return switch (text) {
            case "warmup" -> WARMUP;
            case "measure", "" -> MEASURE;
            case "redone" -> REDONE;
            default -> throw new IllegalArgumentException("phase must be 'warmup', 'measure' or 'redone', not '" + text + "'");
        };
    }

    @Override
    public String toString() {
        return label();
    }
}
