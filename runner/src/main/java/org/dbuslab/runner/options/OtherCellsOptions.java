package org.dbuslab.runner.options;

import java.util.List;

import org.dbuslab.format.Library;

import picocli.CommandLine.Option;

/** The cells beside the matrix: reference rows, the sweep, the client libraries and lkml, the scenarios. */
final class OtherCellsOptions {

    static final int DEFAULT_LKML_RUNS = 3;
    static final int DEFAULT_LIBRARY_RUNS = 10;

    @Option(names = "--no-reference", description = {"skip the reference rows (reference=true): the libdbus pairs"
            + " libdbus>libdbus, dbus-java>libdbus and libdbus>dbus-java on dbus-daemon and dbus-broker, and the"
            + " raw-socket floor raw-unix, raw-tcp. The libdbus client (peers/build/libdbus-spam, one process a run)"
            + " times its own calls, as every client does. docs/DESIGN.md says what each row measures"})
    boolean noReference;
    @Option(names = "--sweep", description = "the pipelining-depth sweep (Java client, async, every size, dbus-daemon"
            + " and dbus-broker), with the over-limit check dbus-daemon-limit8 once (its verdict in notes.tsv): on by"
            + " default and with --full, off with --quick")
    boolean sweepOn;
    @Option(names = "--no-sweep", description = "no sweep")
    boolean sweepOff;
    @Option(names = "--sweep-windows", paramLabel = "LIST", converter = OptionConverters.Windows.class,
            defaultValue = "1,2,4,8,16,32,64,128,256", description = "sweep windows (default ${DEFAULT-VALUE})")
    CommaList<Integer> sweepWindows;
    @Option(names = "--sweep-calls", paramLabel = "N", converter = OptionConverters.Calls.class, description = {
            "calls per sweep run; a point makes max(N, 2 x window) calls (default: as the matrix)"})
    Integer sweepCalls;
    @Option(names = "--libraries", paramLabel = "LIST", converter = OptionConverters.Libraries.class,
            completionCandidates = OptionConverters.Libraries.class, description = {"client libraries of the"
                    + " libraries series, comma-separated subset of ${COMPLETION-CANDIDATES}, or none (default: all)"})
    CommaList<Library> libraries;
    @Option(names = "--lkml-runs", paramLabel = "N", converter = OptionConverters.RunCount.class,
            defaultValue = "" + DEFAULT_LKML_RUNS, description = {"measured runs of each sync lkml cell (2000 calls, 20000 with --full), the 2015 kdbus"
                    + " benchmark glib>glib; its async cells (128 calls) run in every measured block"
                    + " (default ${DEFAULT-VALUE}; 0 = no lkml cells)"})
    int lkmlRuns;
    @Option(names = "--library-runs", paramLabel = "N", converter = OptionConverters.RunCount.class,
            defaultValue = "" + DEFAULT_LIBRARY_RUNS, description = {"measured runs of each libraries cell, after"
                    + " which it leaves the blocks to the matrix (default ${DEFAULT-VALUE}; 0 = every block of its group)"})
    int libraryRuns;
    @Option(names = "--scenarios", paramLabel = "LIST", converter = OptionConverters.Scenarios.class,
            completionCandidates = OptionConverters.Scenarios.class, description = {"before the blocks,"
                    + " lab/run-scenarios.sh with the same --out and preset: ${COMPLETION-CANDIDATES}, or none"
                    + " (default: all); on the buses of --transports (both when it names no bus)"})
    CommaList<String> scenarios;
    @Option(names = "--paths", paramLabel = "LIST", converter = OptionConverters.Paths.class,
            completionCandidates = OptionConverters.Paths.class, description = {"real-world paths, each paired with the"
                    + " same client on the bus directly: proxy (xdg-dbus-proxy --filter, as Flatpak runs it), bridge"
                    + " (systemd-stdio-bridge, as busctl --host uses it), policy (each bus with 100, 1000 and 10000 extra"
                    + " policy rules); a comma-separated subset of ${COMPLETION-CANDIDATES}, or none (default: all at the"
                    + " first size, every size with --full; none with --quick)"})
    CommaList<org.dbuslab.runner.plan.PathKind> paths;

    OtherCells otherCells(Preset p, List<Integer> sizes, boolean profile) {
        SessionOptions.exclusive(sweepOn, "--sweep", sweepOff, "--no-sweep");
        List<Integer> referenceSizes = p.referenceSizes() > 0 && p.referenceSizes() < sizes.size()
                ? sizes.subList(0, p.referenceSizes()) : sizes;
        return new OtherCells(!noReference, referenceSizes, sweepOn || !sweepOff && p.sweep(), sweepWindows.items(),
                sweepCalls != null ? sweepCalls : 0, libraries != null ? libraries.items() : Library.CLIENTS,
                lkmlRuns, libraryRuns, scenarios != null ? scenarios.items() : SessionConfig.ALL_SCENARIOS,
                paths != null ? paths.items() : p == Preset.QUICK ? List.of()
                        : List.of(org.dbuslab.runner.plan.PathKind.values()),
                p == Preset.FULL ? sizes : sizes.subList(0, 1), profile);
    }
}
