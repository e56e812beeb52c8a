package org.dbuslab.format;

import java.util.Locale;
import java.util.Optional;

/** Where a run's processes were pinned (runs.csv's placement column, --placement, environment.json). */
public enum Placement {
    /** No affinity set: the scheduler decides (the as-scheduled view). */
    FREE,
    /** Client, bus and server all on one CPU: the transport's CPU path, no cross-CPU wake-up. */
    ONE_CPU,
    /** Every wake-up of a sync call crosses CPUs where the machine allows it. */
    CROSS,
    /** The client on one CPU, the bus and the server on another. */
    SPLIT;

    /** What issue 21 renamed one-cpu from; still read where a user or an old environment.json gives it. */
    public static final String ONE_CPU_ALIAS = "same-cpu";

    public String label() {
        return Labels.of(this);
    }

    /** The placement of LABEL (a label, or the one-cpu alias), or empty. */
    public static Optional<Placement> ofLabel(String label) {
        String l = label.trim().toLowerCase(Locale.ROOT);
        if (l.equals(ONE_CPU_ALIAS)) {
            return Optional.of(ONE_CPU);
        }
        for (Placement p : values()) {
            if (p.label().equals(l)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Pinned to CPUs chosen by the lab (every placement but free). */
    public boolean pinned() {
        return this != FREE;
    }

    @Override
    public String toString() {
        return label();
    }
}
