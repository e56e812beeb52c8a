package org.dbuslab.runner.options;

import java.time.Duration;

/**
 * The presets, as data: the one place that says what --quick, the default and --full mean. Options given on the
 * command line override a preset's values. {@code calls} 0 means calls per run follow {@code runTarget}; a
 * {@code fixedBlocks} above 0 means that many measured blocks and no precision target.
 *
 * @param warmupBudgetShare share of the budget the warm-up may take waiting for the JIT to go quiet (0: only the
 *                          least warm-up blocks, no JIT watch)
 * @param referenceSizes    the libdbus pairs and the raw floor at the first that many sizes (0: all sizes)
 * @param measuredHere      how long a session took on the 2-core development machine, for --help
 */
public record Preset(String name, int calls, Duration runTarget, int fixedBlocks, double precisionPct, int minBlocks,
                     Duration budget, int warmupBlocks, double warmupBudgetShare, int referenceSizes, boolean sweep,
                     String measuredHere) {

    /** CI and a first look: the matrix and minimal reference rows, a few fixed blocks. */
    public static final Preset QUICK = new Preset("quick", 200, null, 3, Double.NaN, 3, Duration.ofMinutes(3), 1, 0,
            1, false, "about 1 min");
    /** Everything, until every matrix cell and headline comparison is within --precision, or the budget is spent. */
    public static final Preset DEFAULT = new Preset("default", 0, Duration.ofMillis(50), 0, 3.0, 5, Duration.ofMinutes(10),
            1, 0.10, 0, true, "<= 10 min");
    /** The 2015 kdbus benchmark's 20000 calls per run, with a long budget. */
    public static final Preset FULL = new Preset("full", 20_000, null, 0, 3.0, 10, Duration.ofHours(2), 2, 0.10, 0, true,
            "up to 2 h");

    /**
     * The bus under load and at a distance (issue 15): the scale session (runner.scale, ScaleSettings.PRESET says
     * what it measures) instead of the matrix: at least minBlocks blocks, at most fixedBlocks, the budget ends it.
     */
    public static final Preset SCALE = new Preset("scale", 200, null, 8, Double.NaN, 2, Duration.ofMinutes(15), 1, 0,
            1, false, "about 15 min");

    /**
     * --profile alone (issue 25): a tiny plan, each library against itself on dbus-daemon at 1000 B (ProfileDefaults),
     * a few fixed blocks for their µs/call, then the profiling pass (ProfilePlan), which is not measured.
     */
    public static final Preset PROFILE = new Preset("profile", 0, Duration.ofMillis(50), 3, Double.NaN, 3,
            Duration.ofMinutes(5), 1, 0.10, 1, false, "about 3 min");

    /** Calls per run of the first warm-up block when calls follow a run target; the runner then calibrates. */
    public static final int FIRST_BLOCK_CALLS = 200;

    public boolean precisionTarget() {
        return fixedBlocks == 0;
    }
}
