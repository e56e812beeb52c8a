package org.dbuslab.runner.options;

import java.util.List;

/**
 * What one session does, validated (see {@link SessionOptions} for how it is made from a command line).
 *
 * @param preset the preset the values started from
 */
public record SessionConfig(Preset preset, Matrix matrix, OtherCells others, RunLength run, Stopping stopping,
                            Arrangement arrangement, Output output) {

    /** The contract's largest payload: the D-Bus array limit. */
    public static final int MAX_PAYLOAD = 64 * 1024 * 1024;
    /** The client's smallest payload (PayloadGenerator.MIN_SIZE): its first 8 bytes carry the call's sequence number. */
    public static final int MIN_PAYLOAD = 8;
    public static final int MAX_SWEEP_WINDOW = 65_536;
    public static final long MAX_ORDER_SEED = 999_999_999L;
    /** What --scenarios may name (lab/run-scenarios.sh). */
    public static final List<String> ALL_SCENARIOS = List.of("cold-start", "property-reads", "property-freshness");

    public SessionConfig {
        require(matrix.sizes().containsAll(others.referenceSizes()), "referenceSizes within sizes");
    }

    static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalArgumentException("invalid session config: " + what);
        }
    }
}
