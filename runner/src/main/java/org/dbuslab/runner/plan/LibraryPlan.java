package org.dbuslab.runner.plan;

import java.util.ArrayList;
import java.util.List;

import org.dbuslab.format.Library;
import org.dbuslab.format.Pair;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.options.Preset;
import org.dbuslab.runner.options.SessionConfig;

/**
 * The cells of the client-library matrix (series libraries) and of the 2015 kdbus benchmark (series lkml), ROUND2.md:
 * <ul>
 * <li>libraries: every client of --libraries against the Java server and the GLib server, plus sd-bus>sd-bus and
 * dbus-java-stock>dbus-java-stock, on dbus-daemon and dbus-broker (p2p-unix too with --full), every mode and size
 * of the session; --quick: glib and sd-bus against the Java server and themselves, dbus-daemon, the first size;
 * each cell for --library-runs measured runs (its rotation group's first blocks).
 * libdbus>libdbus and dbus-java>dbus-java are in series reference and matrix already.</li>
 * <li>lkml: glib>glib, sync {@value #LKML_SYNC_CALLS_SHORT} calls per run ({@value #LKML_SYNC_CALLS} with --full, as in
 * 2015), async {@value #LKML_ASYNC_CALLS} calls at window
 * {@value #LKML_WINDOW}, 1000 and 10000 B, dbus-daemon, dbus-broker and p2p-unix (each as far as the session has
 * them); fixed calls (never calibrated), never in a warm-up block (GLib has no JIT to warm, and a first block of
 * its 20000-call runs took ~30 s of the warm-up budget); the sync cells measured in the first --lkml-runs measured
 * blocks only ({@link #due}), the async ones (128 calls, a few ms a run) in every measured block ({@link Rotation});
 * --quick: async on dbus-daemon at 1000 B.</li>
 * </ul>
 */
public final class LibraryPlan {

    /** The 2015 benchmark's calls per sync run, which --full keeps. */
    public static final int LKML_SYNC_CALLS = 20_000;
    /**
     * Every other preset's calls per sync run, a tenth of 2015's: the GLib client is persistent and has no JIT to warm,
     * so a call costs the same in a shorter run, and 20000-call runs (4-6.5 s each on an AMD EPYC VM) took 65 s of a
     * default session's 150 s of measured blocks there, which the matrix needed (docs/EXPERIMENTS.md).
     */
    public static final int LKML_SYNC_CALLS_SHORT = 2_000;
    public static final int LKML_ASYNC_CALLS = 128;
    public static final int LKML_WINDOW = 128;
    public static final List<Integer> LKML_SIZES = List.of(1000, 10_000);
    public static final List<Transport> LKML_TRANSPORTS = List.of(Transport.DBUS_DAEMON, Transport.DBUS_BROKER,
        Transport.P2P_UNIX);
    /** The libraries pairs of a default session, in plan order. */
    public static final List<Pair> PAIRS = List.of(Pair.LIBDBUS_JAVA, Pair.STOCK_JAVA, Pair.GLIB_JAVA, Pair.SDBUS_JAVA,
        Pair.LIBDBUS_GLIB, Pair.JAVA_GLIB, Pair.STOCK_GLIB, Pair.GLIB_GLIB, Pair.SDBUS_GLIB, Pair.SDBUS_SDBUS,
        Pair.STOCK_STOCK);
    /** --quick's pairs: both C clients and both C servers, so a quick session covers every new program. */
    public static final List<Pair> QUICK_PAIRS = List.of(Pair.GLIB_JAVA, Pair.SDBUS_JAVA, Pair.GLIB_GLIB,
        Pair.SDBUS_SDBUS);

    /** The profile preset's: each library against itself (the matrix and reference rows have the lab's and libdbus's). */
    public static final List<Pair> PROFILE_PAIRS = List.of(Pair.STOCK_STOCK, Pair.GLIB_GLIB, Pair.SDBUS_SDBUS);

    /** A pair the plan leaves out on a transport, with why (skipped.tsv, so nothing is left out silently). */
    public record Excluded(Transport transport, Pair pair, String reason) {
    }

    private LibraryPlan() {
    }

    /** The libraries and lkml cells of a session, libraries first. */
    public static List<Cell> cells(SessionConfig c) {
        List<Cell> cells = new ArrayList<>();
        for (Transport t : libraryTransports(c)) {
            for (Pair p : pairs(c)) {
                if (unsupported(t, p) != null) {
                    continue;
                }
                for (Mode m : c.matrix().modes()) {
                    for (int s : librarySizes(c)) {
                        cells.add(new Cell(kindOf(p), Series.LIBRARIES, p, t, m, s, c.matrix().windowFor(m), c.run().firstBlockCalls())
                            .withMaxRuns(c.others().libraryRuns()));
                    }
                }
            }
        }
        if (c.others().lkmlRuns() > 0) {
            // --quick: the async cell only (a sync run would be most of a quick block)
            List<Mode> modes = c.preset() == Preset.QUICK ? c.matrix().modes().stream().filter(m -> m == Mode.ASYNC).toList()
                : c.matrix().modes();
            for (Transport t : lkmlTransports(c)) {
                for (Mode m : modes) {
                    for (int s : LKML_SIZES) {
                        if (librarySizes(c).contains(s)) {
                            cells.add(m == Mode.SYNC
                                ? new Cell(CellKind.GLIB, Series.LKML, Pair.GLIB_GLIB, t, m, s, 1, lkmlSyncCalls(c))
                                    .withMaxRuns(c.others().lkmlRuns())
                                // every block (Rotation): a run of 128 calls takes a few ms, and with 3 runs the
                                // 2015 ratio's CI was 0.88-2.89 in one session, 0.64-3.66 in the next
                                : new Cell(CellKind.GLIB, Series.LKML, Pair.GLIB_GLIB, t, m, s, LKML_WINDOW, LKML_ASYNC_CALLS));
                        }
                    }
                }
            }
        }
        return cells;
    }

    /** Calls per sync lkml run: the 2015 count with --full, a tenth of it otherwise. */
    public static int lkmlSyncCalls(SessionConfig c) {
        return c.preset() == Preset.FULL ? LKML_SYNC_CALLS : LKML_SYNC_CALLS_SHORT;
    }

    /** The pairs of the libraries series on the session's transports that cannot run there, with why. */
    public static List<Excluded> excluded(SessionConfig c) {
        List<Excluded> out = new ArrayList<>();
        for (Transport t : libraryTransports(c)) {
            for (Pair p : pairs(c)) {
                String why = unsupported(t, p);
                if (why != null) {
                    out.add(new Excluded(t, p, why));
                }
            }
        }
        return out;
    }

    /** Which client process makes a libraries pair's runs. */
    public static CellKind kindOf(Pair p) {
        return switch (p.client()) {
            case LIBDBUS -> p.server() == Library.GLIB ? CellKind.SPAM_GLIB : CellKind.SPAM_JAVA;
            case DBUS_JAVA -> CellKind.JAVA;
            case DBUS_JAVA_STOCK -> CellKind.STOCK;
            case GLIB -> CellKind.GLIB;
            case SDBUS -> CellKind.SDBUS;
            case JDK -> CellKind.RAW;
        };
    }

    /** Null when pair P can run on T, else why not. */
    static String unsupported(Transport t, Pair p) {
        if (t.isBus()) {
            return null;
        }
        if (p.client() == Library.LIBDBUS) {
            return "libraries pair " + p.label() + " not run on " + t.label()
                + ": the libdbus client (libdbus-spam, as dbus-test-tool spam) has no peer-to-peer mode (it needs a bus)";
        }
        return null;
    }

    private static List<Pair> pairs(SessionConfig c) {
        List<Pair> scope = c.preset() == Preset.QUICK ? QUICK_PAIRS
            : c.preset() == Preset.PROFILE ? PROFILE_PAIRS : PAIRS;
        return scope.stream().filter(p -> c.others().libraries().contains(p.client())).toList();
    }

    private static List<Transport> libraryTransports(SessionConfig c) {
        List<Transport> scope = c.preset() == Preset.QUICK ? List.of(Transport.DBUS_DAEMON)
            : c.preset() == Preset.FULL ? List.of(Transport.DBUS_DAEMON, Transport.DBUS_BROKER, Transport.P2P_UNIX)
            : Transport.REFERENCE_BUSES;
        return scope.stream().filter(c.matrix()::has).toList();
    }

    private static List<Transport> lkmlTransports(SessionConfig c) {
        List<Transport> scope = c.preset() == Preset.QUICK ? List.of(Transport.DBUS_DAEMON) : LKML_TRANSPORTS;
        return scope.stream().filter(c.matrix()::has).toList();
    }

    /** --quick: the first size (as its reference rows); otherwise every size of the session. */
    private static List<Integer> librarySizes(SessionConfig c) {
        return c.preset() == Preset.QUICK ? c.others().referenceSizes() : c.matrix().sizes();
    }
}
