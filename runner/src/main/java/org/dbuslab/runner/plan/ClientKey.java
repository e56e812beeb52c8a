package org.dbuslab.runner.plan;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Transport;

/**
 * Which persistent client process serves a cell: one per (transport, pair, mode). Payload size, window and calls
 * are per run, so the sweep and both sizes share their transport's async client. Spam cells have none.
 */
public record ClientKey(Transport transport, Pair pair, Mode mode) {

    /** A name for file names and messages, e.g. {@code dbus-daemon.java.async}. */
    public String name() {
        return transport.label() + "." + pair.shortName() + "." + mode.label();
    }

    @Override
    public String toString() {
        return name();
    }
}
