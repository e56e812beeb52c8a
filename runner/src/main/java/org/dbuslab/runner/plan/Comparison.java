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
        SERVER_LIBDBUS("server-libdbus");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** precision.tsv's kind column. */
        public String label() {
            return label;
        }
    }

    /** E.g. {@code transport p2p-unix/dbus-daemon sync 1000 B} or {@code client-libdbus dbus-broker async 10000 B}. */
    public String describe() {
        String what = kind == Kind.TRANSPORT ? subject.transport() + "/" + baseline.transport() : subject.transport().label();
        return kind.label() + " " + what + " " + subject.mode() + " " + subject.payloadBytes() + " B";
    }

    /** A stable key for maps and messages. */
    public String id() {
        return kind.label() + ":" + subject.id() + ":" + baseline.id();
    }
}
