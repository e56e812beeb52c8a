package org.dbuslab.format;

/**
 * Which implementations talk: {@code client>server} of the {@link Library} labels. Every pair other than JAVA is a
 * reference row (runs.csv's reference column).
 */
public enum Pair {
    /** The lab's Java client and server, true echo: the measured subject. */
    JAVA(Library.DBUS_JAVA, Library.DBUS_JAVA, "java"),
    /** libdbus's spam client (libdbus-spam; dbus-test-tool spam before 2026-12-06) against dbus-test-tool echo (empty replies). */
    LIBDBUS(Library.LIBDBUS, Library.LIBDBUS, "libdbus-libdbus"),
    /** The Java client's spam calls against dbus-test-tool echo. */
    JAVA_LIBDBUS(Library.DBUS_JAVA, Library.LIBDBUS, "java-libdbus"),
    /** libdbus's spam client against the Java server. */
    LIBDBUS_JAVA(Library.LIBDBUS, Library.DBUS_JAVA, "libdbus-java"),
    /** The raw-socket floor. */
    RAW(Library.JDK, Library.JDK, "raw"),
    // the client-library matrix (series libraries, ROUND2.md): every client against the Java and the GLib server
    STOCK_JAVA(Library.DBUS_JAVA_STOCK, Library.DBUS_JAVA, "stock-java"),
    GLIB_JAVA(Library.GLIB, Library.DBUS_JAVA, "glib-java"),
    SDBUS_JAVA(Library.SDBUS, Library.DBUS_JAVA, "sdbus-java"),
    /** libdbus's spam client against the GLib server's com.example.Spam. */
    LIBDBUS_GLIB(Library.LIBDBUS, Library.GLIB, "libdbus-glib"),
    JAVA_GLIB(Library.DBUS_JAVA, Library.GLIB, "java-glib"),
    STOCK_GLIB(Library.DBUS_JAVA_STOCK, Library.GLIB, "stock-glib"),
    /** Also the lkml series' pair (the 2015 kdbus benchmark). */
    GLIB_GLIB(Library.GLIB, Library.GLIB, "glib-glib"),
    SDBUS_GLIB(Library.SDBUS, Library.GLIB, "sdbus-glib"),
    // and each library against itself
    SDBUS_SDBUS(Library.SDBUS, Library.SDBUS, "sdbus-sdbus"),
    STOCK_STOCK(Library.DBUS_JAVA_STOCK, Library.DBUS_JAVA_STOCK, "stock-stock");

    private final Library client;
    private final Library server;
    private final String label;
    private final String shortName;

    Pair(Library client, Library server, String shortName) {
        this.client = client;
        this.server = server;
        this.label = client.label() + ">" + server.label();
        this.shortName = shortName;
    }

    public Library client() {
        return client;
    }

    public Library server() {
        return server;
    }

    /** runs.csv's pair column. */
    public String label() {
        return label;
    }

    /** The pair as a file-name part (and in skipped.tsv's "transport pair"). */
    public String shortName() {
        return shortName;
    }

    public boolean reference() {
        return this != JAVA;
    }

    @Override
    public String toString() {
        return label;
    }
}
