package org.dbuslab.format;

import java.util.Arrays;
import java.util.Optional;

/** runs.csv's series column. */
public enum Series {
    /** transport x mode x size, Java client against Java server. */
    MATRIX,
    /** libdbus pairs and the raw-socket floor. */
    REFERENCE,
    /** The pipelining-depth sweep: async, the window varies. */
    SWEEP,
    /** The over-limit check (expected: LimitsExceeded errors). */
    OVERLIMIT,
    /** The client-library matrix: client library x server library (issue 14 item 2). */
    LIBRARIES,
    /** The 2015 kdbus benchmark on LKML: GLib client and server, fixed calls, --lkml-runs measured runs. */
    LKML,
    /** Real-world paths (issue 24): a client through xdg-dbus-proxy or systemd-stdio-bridge, and the same client direct. */
    PATHS,
    /** Policy weight (issue 24): the Java pair on buses with 0, 100, 1000 and 10000 extra policy rules. */
    POLICY;

    public String label() {
        return Labels.of(this);
    }

    /** The constant of runs.csv's series column, empty for a series this version does not know. */
    public static Optional<Series> ofLabel(String label) {
        return Arrays.stream(values()).filter(s -> s.label().equals(label)).findFirst();
    }

    @Override
    public String toString() {
        return label();
    }
}
