package org.dbuslab.runner.plan;

import java.util.Arrays;
import java.util.Optional;

/** sync: one call at a time (window 1); async: pipelined, up to a window of calls in flight. */
public enum Mode {
    SYNC("sync"),
    ASYNC("async");

    private final String label;

    Mode(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static Optional<Mode> ofLabel(String label) {
        return Arrays.stream(values()).filter(m -> m.label.equals(label)).findFirst();
    }

    @Override
    public String toString() {
        return label;
    }
}
