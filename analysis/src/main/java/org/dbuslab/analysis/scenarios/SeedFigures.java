package org.dbuslab.analysis.scenarios;

import java.util.Locale;

/**
 * The Agama (D-Installer) blog's numbers (2023-03-07; REFERENCE.md §2), quoted beside ours. Their hardware, their
 * system bus and the real service, so only orders of magnitude and ratios compare.
 */
public final class SeedFigures {

    /** real (s) of 100 process runs: ruby 3.1 + ruby-dbus, Rust + zbus (cold start). */
    public static final double COLD_RUBY31_S = 40.491;
    public static final double COLD_ZBUS_S = 10.286;
    /** real (s) of one process making 100 reads: ruby-dbus (Introspect, then Get), Rust + zbus (cached). */
    public static final double READS_RUBY_S = 10.529;
    public static final double READS_ZBUS_S = 0.052;

    public static final String LABEL = "Agama blog, 2023, their hardware";

    static final String COLD_START = String.format(Locale.ROOT, """
            | program (100 process runs, `time for i in {1..100}`) | real (s) | user (s) | sys (s) | real per run (ms) |
            |---|--:|--:|--:|--:|
            | ruby 3.1 + ruby-dbus | %.3f | 18.599 | 3.823 | 405 |
            | ruby 3.2 + ruby-dbus | 31.025 | 16.412 | 3.441 | 310 |
            | Rust + zbus (--release) | %.3f | 0.254 | 0.188 | 103 |
            """, COLD_RUBY31_S, COLD_ZBUS_S);

    static final String MANY_READS = String.format(Locale.ROOT, """
            | program (100 reads of AvailableBaseProducts in one process, whole process timed) | real (s) | user (s) | messages seen with `busctl monitor` |
            |---|--:|--:|---|
            | ruby-dbus | %.3f | 0.372 | Introspect, then Get |
            | Rust + zbus | %.3f | 0.005 | one GetAll; later reads from the proxy's cache, kept fresh by PropertiesChanged |
            """, READS_RUBY_S, READS_ZBUS_S);

    static final String FRESHNESS = "They checked freshness by hand: a Rust loop printed `SelectedBaseProduct` once a "
        + "second for 100 s while d-feet changed it; \"everything works as it should\". No numbers.";

    private SeedFigures() {
    }
}
