package org.dbuslab.runner.plan;

/** What makes a cell's runs, i.e. which process the runner drives (order.tsv's kind column). */
public enum CellKind {
    /** Java client -> the pair's server (matrix, sweep: the Java server; libraries: also the GLib server). */
    JAVA("java", false, true),
    /** Java client --method spam -> libdbus echo. */
    JAVA_LIBDBUS("java-libdbus", false, true),
    /** libdbus spam -> libdbus echo: one process per run, which times its calls. */
    SPAM_LIBDBUS("spam-libdbus", true, false),
    /** libdbus spam -> Java server: one process per run, which times its calls. */
    SPAM_JAVA("spam-java", true, false),
    /** raw client -> raw server (JDK sockets, no D-Bus). */
    RAW("raw", false, true),
    /** Java client -> Java server on the over-limit dbus-daemon; one run, in the first measured block. */
    OVERLIMIT("overlimit", false, true),
    /** libdbus spam -> the GLib server's com.example.Spam. */
    SPAM_GLIB("spam-glib", true, false),
    /** peers/build/glib-echo-client --control (C, no JIT). */
    GLIB("glib", false, false),
    /** peers/build/sdbus-echo-client --control (C, no JIT). */
    SDBUS("sd-bus", false, false),
    /** The stock dbus-java client (StockClientMain --control; a JVM, so its JIT is watched). */
    STOCK("stock", false, true);

    private final String label;
    private final boolean spam;
    private final boolean jit;

    CellKind(String label, boolean spam, boolean jit) {
        this.label = label;
        this.spam = spam;
        this.jit = jit;
    }

    /**
     * Runs of a cell of this kind in each measured block it is in: three for the raw-socket floor, one for the rest.
     * The floor runs the matrix's calls per run (CallsCalibration), so its runs last 8-10 ms, and with one a block in
     * the one block of five its group has, a pause of this shared machine moved its intervals by a fifth (session R3,
     * 2026-12-06); three cost ~60 ms a block.
     */
    public int runsPerMeasuredBlock() {
        return this == RAW ? 3 : 1;
    }

    /** A JVM client whose jit_ms the warm-up rule watches (the C clients and spam have no JIT). */
    public boolean jit() {
        return jit;
    }

    public String label() {
        return label;
    }

    /** A libdbus spam process (libdbus-spam) per run: no persistent client. */
    public boolean spam() {
        return spam;
    }

    @Override
    public String toString() {
        return label;
    }
}
