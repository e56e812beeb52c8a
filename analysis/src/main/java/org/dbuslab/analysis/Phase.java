package org.dbuslab.analysis;

/** Warm-up runs are recorded so nothing is hidden, but only measured runs enter the statistics. */
enum Phase {
    WARMUP, MEASURE;

    static Phase parse(String text) {
        return switch (text) {
            case "warmup" -> WARMUP;
            case "measure", "" -> MEASURE; // an empty cell means the writer had no phases: all measured
            default -> throw new IllegalArgumentException("phase must be 'warmup' or 'measure', not '" + text + "'");
        };
    }
}
