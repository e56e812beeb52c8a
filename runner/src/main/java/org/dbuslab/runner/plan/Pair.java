package org.dbuslab.runner.plan;

/** Which implementations talk: {@code client>server}. Every pair other than JAVA is a reference row. */
public enum Pair {
    /** The lab's Java client and server, true echo: the measured subject. */
    JAVA("dbus-java>dbus-java", "java"),
    /** dbus-test-tool spam against dbus-test-tool echo (empty replies). */
    LIBDBUS("libdbus>libdbus", "libdbus-libdbus"),
    /** The Java client's spam calls against dbus-test-tool echo. */
    JAVA_LIBDBUS("dbus-java>libdbus", "java-libdbus"),
    /** dbus-test-tool spam against the Java server. */
    LIBDBUS_JAVA("libdbus>dbus-java", "libdbus-java"),
    /** The raw-socket floor. */
    RAW("jdk>jdk", "raw");

    private final String label;
    private final String shortName;

    Pair(String label, String shortName) {
        this.label = label;
        this.shortName = shortName;
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
