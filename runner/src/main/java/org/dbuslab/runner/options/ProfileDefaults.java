package org.dbuslab.runner.options;

import java.util.List;
import java.util.Set;

import org.dbuslab.format.Placement;
import org.dbuslab.runner.plan.ProfilePlan;

/**
 * The profile preset's tiny plan (--profile alone): only what the profiling pass profiles and the µs/call its report
 * compares. Each default applies unless its option was given: --transports dbus-daemon, --sizes 1000, --scenarios none,
 * --paths none, --lkml-runs 0, --placement free (the pass runs in free placement: the processes where the scheduler
 * puts them, as a user's would be). The libraries series then has each library against itself only (LibraryPlan).
 */
final class ProfileDefaults {

    private ProfileDefaults() {
    }

    static SessionConfig apply(SessionConfig c, Set<String> given) {
        Matrix m = c.matrix();
        Matrix matrix = new Matrix(given.contains("--sizes") ? m.sizes() : List.of(ProfilePlan.PAYLOAD),
                given.contains("--transports") ? m.transports() : List.of(ProfilePlan.TRANSPORT), m.modes(), m.window());
        OtherCells o = c.others();
        List<Integer> referenceSizes = given.contains("--sizes") ? o.referenceSizes() : matrix.sizes().subList(0, 1);
        OtherCells others = new OtherCells(o.reference(), referenceSizes, o.sweep(), o.sweepWindows(), o.sweepCalls(),
                o.libraries(), given.contains("--lkml-runs") ? o.lkmlRuns() : 0, o.libraryRuns(),
                given.contains("--scenarios") ? o.scenarios() : List.of(), given.contains("--paths") ? o.paths() : List.of(),
                given.contains("--sizes") ? o.pathSizes() : matrix.sizes().subList(0, 1), true);
        Arrangement a = c.arrangement();
        Arrangement arrangement = given.contains("--placement") ? a
                : new Arrangement(a.order(), a.orderSeed(), List.of(Placement.FREE), a.rotation());
        return new SessionConfig(c.preset(), matrix, others, c.run(), c.stopping(), arrangement, c.output());
    }

    /** For --help: what --profile alone runs. */
    static String describe() {
        return "--profile alone: " + ProfilePlan.TRANSPORT.label() + ", " + ProfilePlan.PAYLOAD + " B, sync and async,"
                + " each library against itself (the lab's dbus-java pair, dbus-java-stock, glib, sd-bus, libdbus) and"
                + " the reference rows, placement free, no scenarios, paths or lkml; the options above override each";
    }}
