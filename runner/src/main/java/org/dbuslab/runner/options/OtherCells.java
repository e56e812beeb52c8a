package org.dbuslab.runner.options;

import org.dbuslab.runner.plan.PathKind;

import java.util.List;
import java.util.Set;

import org.dbuslab.format.Library;

/**
 * What a session measures beside the matrix.
 *
 * @param reference      the reference rows: libdbus pairs and the raw-socket floor
 * @param referenceSizes the sizes the reference rows run at
 * @param sweepCalls     calls per sweep run (a point makes max(sweepCalls, 2 x window)); 0: like the matrix
 * @param libraries      the client libraries of the libraries series (--libraries; empty: none)
 * @param lkmlRuns       measured runs of each lkml cell (--lkml-runs; 0: no lkml cells)
 * @param libraryRuns    measured runs after which a libraries cell leaves the blocks (--library-runs; 0: no cap)
 * @param scenarios      the scenarios run before the blocks
 * @param paths          the real-world paths (--paths; empty: none)
 * @param pathSizes      the sizes the proxy and bridge paths run at (the policy series: the first)
 * @param profile        the profiling pass after the measured blocks (--profile, --full; ProfilePlan)
 */
public record OtherCells(boolean reference, List<Integer> referenceSizes, boolean sweep, List<Integer> sweepWindows,
                         int sweepCalls, List<Library> libraries, int lkmlRuns, int libraryRuns, List<String> scenarios,
                         List<PathKind> paths, List<Integer> pathSizes, boolean profile) {

    public OtherCells {
        referenceSizes = List.copyOf(referenceSizes);
        sweepWindows = List.copyOf(sweepWindows);
        libraries = List.copyOf(libraries);
        scenarios = List.copyOf(scenarios);
        paths = List.copyOf(paths);
        pathSizes = List.copyOf(pathSizes);
        SessionConfig.require(paths.isEmpty() || !pathSizes.isEmpty(), "pathSizes");
        SessionConfig.require(sweepWindows.stream().allMatch(w -> w >= 1 && w <= SessionConfig.MAX_SWEEP_WINDOW),
                "sweepWindows");
        SessionConfig.require(!sweep || !sweepWindows.isEmpty(), "sweep windows");
        SessionConfig.require(sweepCalls >= 0, "sweepCalls");
        SessionConfig.require(Set.copyOf(SessionConfig.ALL_SCENARIOS).containsAll(scenarios), "scenarios");
        SessionConfig.require(Library.CLIENTS.containsAll(libraries), "libraries");
        SessionConfig.require(lkmlRuns >= 0 && libraryRuns >= 0, "lkmlRuns, libraryRuns");
    }
}
