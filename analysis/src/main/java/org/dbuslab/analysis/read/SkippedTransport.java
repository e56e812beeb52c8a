package org.dbuslab.analysis.read;

/**
 * A transport (or a cell of it) the lab could not run, and why — from skipped.tsv. For a libdbus reference pair
 * the first field is "transport pair", e.g. "dbus-daemon libdbus-java": such a line explains that pair only,
 * never the whole transport, so {@link #transport()} keeps the field as written.
 */
public record SkippedTransport(String transport, String reason) {

    /** The transport alone: the first word of the first field. */
    public String bus() {
        int space = transport.indexOf(' ');
        return space < 0 ? transport : transport.substring(0, space);
    }

    /** The pair a "transport pair" line names, as runs.csv spells pairs (libdbus-java → libdbus>dbus-java); else null. */
    public String pair() {
        int space = transport.indexOf(' ');
        if (space < 0) {
            return null;
        }
        String kind = transport.substring(space + 1).strip();
        return switch (kind) {
            case "java" -> CellKey.SUBJECT_PAIR;
            case "libdbus-libdbus", "spam-libdbus" -> CellKey.LIBDBUS_PAIR;
            case "java-libdbus" -> CellKey.JAVA_CLIENT_PAIR;
            case "libdbus-java", "spam-java" -> CellKey.JAVA_SERVER_PAIR;
            case "raw" -> CellKey.RAW_PAIR;
            default -> kind;
        };
    }
}
