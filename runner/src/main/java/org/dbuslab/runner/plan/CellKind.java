package org.dbuslab.runner.plan;

/** What makes a cell's runs, i.e. which process the runner drives (order.tsv's kind column). */
public enum CellKind {
    /** Java client -> Java server (matrix, sweep). */
    JAVA("java", false),
    /** Java client --method spam -> libdbus echo. */
    JAVA_LIBDBUS("java-libdbus", false),
    /** libdbus spam -> libdbus echo: one process per run, timed from outside. */
    SPAM_LIBDBUS("spam-libdbus", true),
    /** libdbus spam -> Java server: one process per run, timed from outside. */
    SPAM_JAVA("spam-java", true),
    /** raw client -> raw server (JDK sockets, no D-Bus). */
    RAW("raw", false),
    /** Java client -> Java server on the over-limit dbus-daemon; one run, in the first measured block. */
    OVERLIMIT("overlimit", false);

    private final String label;
    private final boolean spam;

    CellKind(String label, boolean spam) {
        this.label = label;
        this.spam = spam;
    }

    public String label() {
        return label;
    }

    /** A dbus-test-tool spam process per run: no persistent client, a fixed cost to subtract. */
    public boolean spam() {
        return spam;
    }

    @Override
    public String toString() {
        return label;
    }
}
