package org.dbuslab.runner.plan;

/**
 * A headline comparison: the paired ratio {@code median(subject) / median(baseline)} of two cells' us/call, within
 * blocks. The precision target applies to it as to a matrix cell.
 */
public record Comparison(Kind kind, Cell subject, Cell baseline) {

    public enum Kind {
        /** A matrix transport against dbus-daemon at the same mode and size. */
        TRANSPORT("transport"),
        /** (dbus-java>libdbus) / (libdbus>libdbus) per bus, mode and size: what the Java client costs. */
        CLIENT_LIBDBUS("client-libdbus"),
        /** (libdbus>dbus-java) / (libdbus>libdbus) per bus, mode and size: what the Java server costs. */
        SERVER_LIBDBUS("server-libdbus"),
        /**
         * A real-world path's cell against the same client and server on its bus directly (issue 24): the path's price,
         * whose own target is a 95% CI within +-{@value #PATH_TARGET_PCT}%.
         */
        PATH("path"),
        /**
         * The 2015 experiment's ratio (issue 21): GLib's pipelined 128 calls on dbus-daemon against p2p-unix at the same
         * size, whose own target is a 95% CI within +-{@value #LKML_TARGET_PCT}%.
         */
        LKML("lkml");

        /** Issue 24's precision target for a path's price. */
        public static final double PATH_TARGET_PCT = 5.0;
        /** Issue 21's precision target for the 2015 ratio. */
        public static final double LKML_TARGET_PCT = 15.0;

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** precision.tsv's kind column. */
        public String label() {
            return label;
        }

        /** The target this kind is held to: its own where it has one (a path's price, the 2015 ratio), else the session's. */
        public double target(double sessionTargetPct) {
            if (!Double.isFinite(sessionTargetPct)) {
                return sessionTargetPct;
            }
            return this == PATH ? PATH_TARGET_PCT : this == LKML ? LKML_TARGET_PCT : sessionTargetPct;
        }

        /** A kind whose cells take turns in a rotation group, with a target of its own: it gets extra runs (ExtraRuns). */
        public boolean rotating() {
            return this == PATH || this == LKML;
        }
    }

    /** E.g. {@code transport p2p-unix/dbus-daemon sync 1000 B} or {@code client-libdbus dbus-broker async 10000 B}. */
    public String describe() {
        String what = kind == Kind.TRANSPORT || kind.rotating() ? subject.transport() + "/" + baseline.transport()
                : subject.transport().label();
        return kind.label() + " " + what + " " + subject.mode() + " " + subject.payloadBytes() + " B";
    }

    /** A stable key for maps and messages. */
    public String id() {
        return kind.label() + ":" + subject.id() + ":" + baseline.id();
    }
}
