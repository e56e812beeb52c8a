package org.dbuslab.runner.options;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.dbuslab.format.Library;
import org.dbuslab.format.Placement;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.Mode;

/**
 * What one session does, validated (see {@link SessionOptions} for how it is made from a command line).
 *
 * @param preset          the preset the values started from
 * @param calls           fixed calls per run (--calls), or 0 when calls follow {@code runTarget}
 * @param runTarget       how long a run should take; null with fixed calls. Calls are set from a block after the
 *                        warm-up so that a run takes about this long (at least 2 x window)
 * @param firstBlockCalls calls per run until calibrated (= calls when fixed)
 * @param fixedBlocks     measured blocks to make (--blocks, --quick), or 0 to stop on the precision target
 * @param precisionPct    the precision target (95% CI half-width in % of the estimate); NaN with fixed blocks
 * @param minBlocks       least measured blocks before the precision target can end the session
 * @param budget          the session's time budget, build and start-up included, counted from {@code startedAt}
 * @param warmupBlocks    least warm-up blocks
 * @param warmupBudget    how long the warm-up may go on waiting for every Java client's JIT to go quiet (0: no watch)
 * @param sweepCalls      calls per sweep run (a point makes max(sweepCalls, 2 x window)); 0: like the matrix
 * @param out             the results folder, or empty for the default (results/&lt;UTC timestamp&gt;/)
 * @param orderSeed       seed of every block's shuffle (recorded in order.tsv)
 * @param startedAt       when the session started (the launcher passes the build's start)
 * @param rotation        the cells outside the matrix take turns by rotation group (plan.Rotation); false: every
 *                        cell in every measured block
 * @param placements      the CPU placements of the matrix cells, each measured in every block (the default
 *                        one-cpu and cross; --full adds free); the other series run in {@link #homePlacement()}
 * @param libraries       the client libraries of the libraries series (--libraries; empty: none)
 * @param lkmlRuns        measured runs of each lkml cell (--lkml-runs; 0: no lkml cells)
 * @param libraryRuns     measured runs after which a libraries cell leaves the blocks (--library-runs; 0: no cap)
 */
public record SessionConfig(Preset preset, int calls, Duration runTarget, int firstBlockCalls, int fixedBlocks,
                            double precisionPct, int minBlocks, Duration budget, int warmupBlocks, Duration warmupBudget,
                            int window, List<Integer> sizes, List<Transport> transports, List<Mode> modes,
                            boolean reference, List<Integer> referenceSizes, boolean sweep, List<Integer> sweepWindows,
                            int sweepCalls, BlockOrdering order, long orderSeed, List<Placement> placements, Duration cellTimeout,
                            Optional<Path> out, BuildMode build, List<String> scenarios, Instant startedAt,
                            boolean rotation,
                            List<Library> libraries, int lkmlRuns, int libraryRuns) {

    /** The contract's largest payload: the D-Bus array limit. */
    public static final int MAX_PAYLOAD = 64 * 1024 * 1024;
    /** The client's smallest payload (PayloadGenerator.MIN_SIZE): its first 8 bytes carry the call's sequence number. */
    public static final int MIN_PAYLOAD = 8;
    public static final int MAX_SWEEP_WINDOW = 65_536;
    public static final long MAX_ORDER_SEED = 999_999_999L;
    /** What --scenarios may name (lab/run-scenarios.sh). */
    public static final List<String> ALL_SCENARIOS = List.of("cold-start", "property-reads", "property-freshness");

    public SessionConfig {
        sizes = List.copyOf(sizes);
        transports = List.copyOf(transports);
        modes = List.copyOf(modes);
        referenceSizes = List.copyOf(referenceSizes);
        sweepWindows = List.copyOf(sweepWindows);
        scenarios = List.copyOf(scenarios);
        libraries = List.copyOf(libraries);
        placements = List.copyOf(placements);
        require(calls > 0 ^ runTarget != null, "exactly one of calls and runTarget");
        require(firstBlockCalls >= 1 && (calls == 0 || firstBlockCalls == calls), "firstBlockCalls");
        require(fixedBlocks > 0 ^ Double.isFinite(precisionPct), "exactly one of fixedBlocks and precisionPct");
        require(!Double.isFinite(precisionPct) || precisionPct > 0 && precisionPct <= 100, "precisionPct in (0, 100]");
        require(minBlocks >= 1 && warmupBlocks >= 1 && window >= 1, "minBlocks, warmupBlocks, window >= 1");
        require(!budget.isNegative() && !budget.isZero() && !warmupBudget.isNegative() && !cellTimeout.isNegative()
                && !cellTimeout.isZero(), "durations");
        require(!sizes.isEmpty() && sizes.stream().allMatch(s -> s >= MIN_PAYLOAD && s <= MAX_PAYLOAD), "sizes");
        require(sizes.containsAll(referenceSizes), "referenceSizes within sizes");
        require(!transports.isEmpty() && Transport.SELECTABLE.containsAll(transports), "transports");
        require(!modes.isEmpty(), "modes");
        require(sweepWindows.stream().allMatch(w -> w >= 1 && w <= MAX_SWEEP_WINDOW), "sweepWindows");
        require(!sweep || !sweepWindows.isEmpty(), "sweep windows");
        require(sweepCalls >= 0, "sweepCalls");
        require(orderSeed >= 0 && orderSeed <= MAX_ORDER_SEED, "orderSeed");
        require(Set.copyOf(ALL_SCENARIOS).containsAll(scenarios), "scenarios");
        require(Library.CLIENTS.containsAll(libraries), "libraries");
        require(!placements.isEmpty() && placements.stream().distinct().count() == placements.size(), "placements");
        require(lkmlRuns >= 0 && libraryRuns >= 0, "lkmlRuns, libraryRuns");
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalArgumentException("invalid session config: " + what);
        }
    }

    public boolean precisionTarget() {
        return fixedBlocks == 0;
    }

    /** The window of a cell in this mode: 1 for sync. */
    public int windowFor(Mode mode) {
        return mode == Mode.SYNC ? 1 : window;
    }

    public boolean has(Transport transport) {
        return transports.contains(transport);
    }

    /**
     * The placement of the cells outside the matrix: one-cpu when measured (reference rows, libraries, lkml and sweep
     * compare implementations on the transport's CPU path, where no cross-CPU wake-up blurs them), else the only one.
     */
    public Placement homePlacement() {
        return placements.contains(Placement.ONE_CPU) ? Placement.ONE_CPU : placements.get(0);
    }

    /** When the budget runs out. */
    public Instant deadline() {
        return startedAt.plus(budget);
    }
}
