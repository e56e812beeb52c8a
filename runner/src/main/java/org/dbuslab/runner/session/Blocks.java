package org.dbuslab.runner.session;

import org.dbuslab.format.Phase;
import org.dbuslab.runner.options.SessionConfig;
import org.dbuslab.runner.options.Durations;
import org.dbuslab.runner.plan.BlockOrder;
import org.dbuslab.runner.plan.CallsCalibration;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.ClientKey;
import org.dbuslab.runner.plan.Rotation;
import org.dbuslab.runner.plan.SessionPlan;
import org.dbuslab.runner.progress.BlockForecast;
import org.dbuslab.runner.progress.Eta;
import org.dbuslab.runner.progress.NoiseForecast;
import org.dbuslab.runner.progress.ProgressText;
import org.dbuslab.runner.record.ResultsFolder;
import org.dbuslab.runner.stop.BlockCi;
import org.dbuslab.runner.stop.BlockSamples;
import org.dbuslab.runner.stop.Budget;
import org.dbuslab.runner.stop.Decision;
import org.dbuslab.runner.stop.ExtraRuns;
import org.dbuslab.runner.stop.PrecisionRule;
import org.dbuslab.runner.stop.WarmupRule;

import org.dbuslab.stats.Quantiles;
import org.dbuslab.stats.TwoLevelNoise;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The session's blocks: warm-up blocks (phase warmup) until the WarmupRule says every Java client's JIT is
 * quiet or its budget is spent, calls per run calibrated after each; the first runs every cell, later ones only
 * the cells of the clients still compiling (SessionPlan#warmupCells). Then measured blocks until the
 * PrecisionRule stops, each running every matrix cell once and the cells of its Rotation group (all cells with
 * --rotation off), a cell with a run cap only until it has its measured runs. The order of each block is
 * BlockOrder's (order.tsv, with the block's group).
 */
final class Blocks {

    /**
     * What comes after the blocks: stopping the clients, servers and buses and the analysis jar's report. The report
     * of a default session (189 cells, ~5900 runs) took 37 s until each figure was computed once, 8-9 s since; 20 s
     * leaves room for a loaded machine. The scenarios run before the blocks (Finish).
     */
    static final Duration REPORT_RESERVE = Duration.ofSeconds(20);
    /** How often a warm-up block's line goes to stderr too (the first's and the last's always do). */
    static final Duration WARMUP_LINE_EVERY = Duration.ofSeconds(5);

    private final SessionConfig config;
    private final Clock clock;
    private final SessionLog log;
    private final ResultsFolder folder;
    private final CellRunner runner;
    private final SessionServices services;
    private final Tally tally;
    private final PlacementSwitch placements;
    private final HostSpeedWatch hostSpeed;
    private final Budget budget;
    private final Eta eta;
    private Rotation rotation = Rotation.OFF;
    /** Measured runs made so far of each cell with a run cap. */
    private final Map<String, Integer> cappedRuns = new HashMap<>();
    /** Runs per block of the cells that make more than one in the next measured block (ExtraRuns). */
    private Map<String, Integer> runsPerBlock = Map.of();
    private int block;
    /** The matrix cells' runs of the block after the warm-up (two each). */
    private final Map<String, List<Double>> runsTwice = new HashMap<>();
    /** Time spent moving and checking processes between placements, over the blocks so far. */
    private long placementNanos;
    private Instant measuredStart;
    /** Measured runs made again because their client compiled for more than JitBusy.SHARE of them. */
    private int redone;
    /** The measured blocks' time in their rotation group's runs: what putting the matrix first would save. */
    private long groupNanos;
    /** Whether MatrixFirst has decided the pace: once, when every group has its floor of blocks. */
    private boolean matrixFirstWeighed;

    Blocks(SessionConfig config, Clock clock, SessionLog log, ResultsFolder folder, CellRunner runner,
           SessionServices services, Tally tally, PlacementSwitch placements, HostSpeedWatch hostSpeed) {
        this.config = config;
        this.clock = clock;
        this.log = log;
        this.folder = folder;
        this.runner = runner;
        this.services = services;
        this.tally = tally;
        this.placements = placements;
        this.hostSpeed = hostSpeed;
        // the blocks leave time for what comes after them, so the whole session ends within --budget
        this.budget = new Budget(config.stopping().startedAt(), config.stopping().budget(), clock)
            .withReserve(REPORT_RESERVE.plus(org.dbuslab.runner.plan.ProfilePlan.reserve(config)));
        this.eta = new Eta(clock, budget);
    }

    void run(SessionPlan initial, Set<ClientKey> clients) throws IOException, InterruptedException {
        rotation = Rotation.of(initial.cells(), config.arrangement().rotation());
        eta.averagingCyclesOf(rotation.groups().size());
        SessionPlan plan = warmUp(initial, clients);
        measure(plan);
    }

    private SessionPlan warmUp(SessionPlan plan, Set<ClientKey> clients) throws IOException, InterruptedException {
        List<ClientKey> java = plan.cells().stream().filter(c -> c.kind() != CellKind.OVERLIMIT && c.kind().jit())
            .map(c -> c.clientKey().orElseThrow()).filter(clients::contains).distinct().toList();
        WarmupRule rule = new WarmupRule(config.stopping().warmupBlocks(), config.stopping().warmupBudget(), java);
        Instant started = clock.instant();
        Instant lastShown = started;
        // each cell's latest ns/call: later warm-up blocks run some cells only, and a group's calls follow all its cells
        Map<String, Double> nsPerCall = new HashMap<>();
        for (int done = 1; ; done++) {
            // with no JIT watch (warm-up budget 0) every client's cells, else only those of the clients still compiling
            Set<ClientKey> focus = config.stopping().warmupBudget().isZero() ? Set.of() : rule.compiling().keySet();
            runBlock(plan.warmupCells(done == 1, focus), Phase.WARMUP, Rotation.EVERY, null, (cell, result) -> {
                recordJit(rule, cell, result);
                if (!Double.isNaN(result.usPerCall())) {
                    nsPerCall.put(cell.id(), result.usPerCall() * 1000);
                }
            });
            Duration took = eta.blockFinished();
            if (config.run().runTarget() != null) {
                // after every warm-up block, not the first only: the first runs of a fresh JVM are the slowest
                // (class loading, interpreter), and calls set from them would make runs far shorter than the target
                plan = withCalibratedCalls(plan, nsPerCall);
                if (done == 1) {
                    log.say("   calls per run set for runs of about " + config.run().runTarget().toMillis()
                        + " ms, again after each warm-up block (plan.tsv)");
                }
            }
            Duration elapsed = Duration.between(started, clock.instant());
            // the next warm-up block runs the clients still compiling, like this one (the first runs every cell)
            WarmupRule.Outcome outcome = rule.afterBlock(done, elapsed, done == 1 ? Duration.ZERO : took);
            Duration left = config.stopping().warmupBudget().minus(elapsed);
            String line = ProgressText.warmupBlock(block, took, outcome, rule.compiling(), left.isNegative() ? Duration.ZERO : left);
            // later warm-up blocks take a fraction of a second each: stderr gets one of their lines every few seconds
            Instant now = clock.instant();
            if (done == 1 || outcome != WarmupRule.Outcome.CONTINUE || !now.isBefore(lastShown.plus(WARMUP_LINE_EVERY))) {
                log.say(line);
                lastShown = now;
            } else {
                log.detail(line);
            }
            if (outcome != WarmupRule.Outcome.CONTINUE || budget.remaining().isZero()) {
                SessionPlan measuredPlan = config.run().runTarget() == null || budget.remaining().isZero() ? plan
                    : calibrated(plan, nsPerCall);
                if (!config.stopping().warmupBudget().isZero() && !budget.remaining().isZero()) {
                    Set<ClientKey> settled = settleAtMeasuredLength(measuredPlan, java);
                    if (config.run().runTarget() != null && !budget.remaining().isZero()) {
                        measuredPlan = recalibrated(measuredPlan, settled, nsPerCall);
                    }
                }
                return measuredPlan;
            }
        }
    }

    /**
     * After the calibration, the rotating Java clients (they run in one block of every few, or have a cell that does:
     * the real-world paths', the raw-socket floor's, the lab's client beside libdbus and GLib) once more, with runs of
     * the measured length, until 5 of them compiled at most 5 ms, at most {@link #SETTLE}. Quiet over short warm-up
     * runs was not quiet over measured ones: such a client had made 4-8 thousand calls by then, and the C2 compiles
     * of its per-call path
     * (MethodCall.&lt;init&gt;, EchoRun.call, BufferedMessageReader.parseNext: 50-230 ms each) come at 5-15 thousand, so
     * they fell into its first measured runs: 18 of 72 measured route runs compiled more than 5 ms (696 ms in all,
     * -XX:+LogCompilation, 2026-12-06); settled this way, 4 of 56 did (63 ms). With only the paths' clients settled,
     * the floor's raw client still compiled > 5 ms in 20 of its 56 measured runs and the lab's client beside libdbus in
     * 14 of 56, which made the floor's intervals ±17-101 % (session S1, docs/EXPERIMENTS.md). dbus-java as shipped is
     * left out: it never goes quiet, and would take the whole 30 s every session.
     */
    private Set<ClientKey> settleAtMeasuredLength(SessionPlan plan, List<ClientKey> javaClients)
            throws IOException, InterruptedException {
        Set<ClientKey> clients = settledAtMeasuredLength(plan, rotation, javaClients);
        if (clients.isEmpty()) {
            return clients;
        }
        WarmupRule rule = new WarmupRule(1, SETTLE, clients);
        Instant started = clock.instant();
        int blocks = 0;
        Set<ClientKey> compiling = rule.compiling().keySet();
        int before = compiling.size();
        while (!compiling.isEmpty() && Duration.between(started, clock.instant()).compareTo(SETTLE) < 0
                && !budget.remaining().isZero()) {
            blocks++;
            runBlock(cellsOf(plan, compiling), Phase.WARMUP, Rotation.EVERY, null, (cell, result) -> recordJit(rule, cell, result));
            eta.blockFinished();
            compiling = rule.compiling().keySet();
        }
        if (before > 0) {
            log.say("   " + before + " rotating client(s) at the measured run length: " + blocks
                + " block(s) of their cells alone (" + Durations.format(Duration.between(started, clock.instant()))
                + ", at most " + Durations.format(SETTLE) + ")" + (compiling.isEmpty() ? ", now quiet"
                : "; still compiling: " + String.join(", ", compiling.stream().map(ClientKey::name).sorted().toList())));
        }
        return clients;
    }

    /**
     * Blocks of the matrix and of every cell of CLIENTS until the matrix is steady (at most
     * {@link #RECALIBRATION_BLOCKS}), and calls per run set again from each cell's fastest run so far (a steady matrix's
     * cells: from their median run of the last two blocks): the calibration
     * blocks ran while the clients still compiled. The floor's raw client ran 5-10x slower there
     * than once warm, so the groups whose count comes from such cells alone (the raw-socket floor's, a client
     * library's) got runs of a few ms, which a single pause on this shared machine doubled; and the matrix's median
     * cell was still 1.6-3.6x slower than in its measured runs, which made them 7-32 ms long against --run-ms 50
     * (sessions S2 and S3, 2026-12-06).
     */
    private SessionPlan recalibrated(SessionPlan plan, Set<ClientKey> clients, Map<String, Double> nsPerCall)
            throws IOException, InterruptedException {
        List<Cell> cells = new java.util.ArrayList<>(plan.matrix());
        cells.addAll(cellsOf(plan, clients));
        // the first block after the settle ran the matrix 1.4-2.6x slower than its measured runs (five sessions,
        // 2026-12-06), so its runs alone made the counts too small: blocks until the matrix is steady
        Steadiness steady = blocksUntilSteady(cells, RECALIBRATION_BLOCKS, nsPerCall, new HashMap<>());
        if (Math.abs(steady.change()) <= STEADY) {
            // steady: the matrix's typical run of its last two blocks, not its fastest. On a host whose speed halves at
            // times (an AMD EPYC VM, 2026-12-07: a fixed loop took 3.2 or 6.5-7.5 ms), the fastest runs came from
            // its quick spells, and the measured runs lasted 69 ms against --run-ms 50
            steady.matrixUsPerCall().forEach((id, us) -> nsPerCall.put(id, us * 1000));
        }
        SessionPlan out = withCalibratedCalls(plan, nsPerCall);
        // withCalls keeps the cells' order
        long changed = java.util.stream.IntStream.range(0, out.cells().size())
            .filter(i -> out.cells().get(i).calls() != plan.cells().get(i).calls()).count();
        log.say(String.format(java.util.Locale.ROOT, "   calls per run set again for %d cell(s), from %d more block(s) of"
            + " the matrix and of those clients (the matrix's time per call changed by %+.0f%% in the last)", changed,
            steady.blocks(), 100 * steady.change()));
        return out;
    }

    /**
     * How many blocks {@link #blocksUntilSteady} made, the matrix's median change of time per call in the last, and
     * each matrix cell's median µs per call over its runs of the last two blocks.
     */
    private record Steadiness(int blocks, double change, Map<String, Double> matrixUsPerCall) {
    }

    /**
     * Warm-up blocks of CELLS until the matrix cells' time per call is steady (the median cell's changed by at most
     * {@link #STEADY} since the block before) or MOST blocks are made: each cell's fastest run goes into FASTEST (ns per
     * call), and the last block's runs of each matrix cell (µs per call) into LAST_MATRIX_RUNS.
     */
    private Steadiness blocksUntilSteady(List<Cell> cells, int most, Map<String, Double> fastest,
                                         Map<String, List<Double>> lastMatrixRuns)
            throws IOException, InterruptedException {
        Map<String, Double> before = Map.of();
        double change = Double.NaN;
        int made = 0;
        Map<String, List<Double>> blockBefore = new HashMap<>();
        while (made < most && !(Math.abs(change) <= STEADY) && !budget.remaining().isZero()) {
            made++;
            blockBefore.clear();
            lastMatrixRuns.forEach((id, runs) -> blockBefore.put(id, List.copyOf(runs)));
            lastMatrixRuns.clear();
            runBlock(cells, Phase.WARMUP, Rotation.EVERY, null, (cell, result) -> {
                if (!Double.isNaN(result.usPerCall())) {
                    fastest.merge(cell.id(), result.usPerCall() * 1000, Math::min);
                    if (cell.series() == org.dbuslab.format.Series.MATRIX) {
                        lastMatrixRuns.computeIfAbsent(cell.id(), k -> new java.util.ArrayList<>()).add(result.usPerCall());
                    }
                }
            });
            eta.blockFinished();
            Map<String, Double> now = new HashMap<>();
            lastMatrixRuns.forEach((id, runs) -> now.put(id, Quantiles.median(runs.stream().mapToDouble(Double::doubleValue).toArray())));
            change = medianChange(before, now);
            before = now;
        }
        return new Steadiness(made, change, lastTwoBlocks(blockBefore, lastMatrixRuns));
    }

    /** Each cell's median over its runs in BEFORE and LAST (µs per call), for the cells with a run in LAST. */
    static Map<String, Double> lastTwoBlocks(Map<String, List<Double>> before, Map<String, List<Double>> last) {
        Map<String, Double> out = new HashMap<>();
        last.forEach((id, runs) -> {
            List<Double> both = new java.util.ArrayList<>(runs);
            both.addAll(before.getOrDefault(id, List.of()));
            out.put(id, Quantiles.median(both.stream().mapToDouble(Double::doubleValue).toArray()));
        });
        return out;
    }

    /** Blocks of the matrix and the settled clients after the settle at most, until the matrix is {@link #STEADY}. */
    static final int RECALIBRATION_BLOCKS = 4;

    /** Those of JAVA_CLIENTS that {@link #settleAtMeasuredLength} settles: rotating, and not dbus-java as shipped. */
    static Set<ClientKey> settledAtMeasuredLength(SessionPlan plan, Rotation rotation, List<ClientKey> javaClients) {
        Set<ClientKey> shipped = new HashSet<>();
        plan.cells().stream().filter(c -> c.kind() == CellKind.STOCK).forEach(c -> c.clientKey().ifPresent(shipped::add));
        Set<ClientKey> clients = rotating(plan, rotation, new java.util.LinkedHashSet<>(javaClients));
        clients.removeAll(shipped);
        return clients;
    }

    /** A warm-up run's JIT for the rule: its client's compile ms, or the client forgotten when it is gone. */
    private static void recordJit(WarmupRule rule, Cell cell, CellRunner.Result result) {
        if (result.done() != null) {
            rule.record(cell.clientKey().orElseThrow(), result.done().jitMillis());
        } else if (!result.clean()) {
            // its client is gone (bus died, client crashed): a JIT that never reports must not hold the warm-up
            cell.clientKey().ifPresent(rule::forget);
        }
    }

    /**
     * Every cell of the clients of CLIENTS. Not one cell per client: a JIT warms per process, but per code path too,
     * and the raw floor's client settled on its 1000 B cell still ran its 10000 B cell 5x slower in its first measured
     * runs (60 against 12 µs per call, session S3, 2026-12-06).
     */
    static List<Cell> cellsOf(SessionPlan plan, Set<ClientKey> clients) {
        return plan.cells().stream().filter(c -> c.clientKey().filter(clients::contains).isPresent()).toList();
    }

    /**
     * Those of CLIENTS with a cell that takes turns in ROTATION's groups and no matrix cell: the lab-health finding's
     * dbus-java>libdbus client runs its 1000 B cell in every block but its 10000 B cell in one of five, and a size is
     * a code path of its own to warm.
     */
    static Set<ClientKey> rotating(SessionPlan plan, Rotation rotation, Set<ClientKey> clients) {
        Set<ClientKey> out = new java.util.LinkedHashSet<>();
        for (ClientKey k : clients) {
            List<Cell> cells = plan.cells().stream().filter(c -> c.clientKey().filter(k::equals).isPresent()).toList();
            if (cells.stream().anyMatch(c -> rotation.groupOf(c).isPresent())
                && cells.stream().noneMatch(c -> c.series() == org.dbuslab.format.Series.MATRIX)) {
                out.add(k);
            }
        }
        return out;
    }

    /** The most the rotating clients' settling may take (see settleAtMeasuredLength). */
    static final Duration SETTLE = Duration.ofSeconds(30);

    /**
     * Warm-up blocks of every persistent client's cells, the matrix twice, until the matrix cells' time per call is
     * steady (the median cell's changed by at most {@link #STEADY} since the block before) or {@link
     * #CALIBRATION_BLOCKS} are made; calls per run are set from each cell's fastest run in them. The warm-up blocks'
     * own times include the compilation the clients still did between their runs (on 2 CPUs, beside the run), and
     * calls set from them made the matrix's runs 27-30 ms against --run-ms 50. The two runs of each matrix cell in the
     * last block are its run-to-run noise (NoiseForecast).
     */
    private SessionPlan calibrated(SessionPlan plan, Map<String, Double> nsPerCall) throws IOException, InterruptedException {
        Instant started = clock.instant();
        List<Cell> cells = new java.util.ArrayList<>(plan.warmupCells(false, Set.of()));
        cells.addAll(plan.matrix());
        // each cell's fastest run of these blocks: what a client still compiling adds only slows a run, and calls set
        // from the last block's runs made one-cpu's runs last 36 ms in one session and 45 ms in the next
        Map<String, Double> fastest = new HashMap<>();
        Steadiness steady = blocksUntilSteady(cells, CALIBRATION_BLOCKS, fastest, runsTwice);
        nsPerCall.putAll(fastest);
        SessionPlan out = withCalibratedCalls(plan, nsPerCall);
        log.say(String.format(java.util.Locale.ROOT, "   calls per run set from %d block(s) after the warm-up (%s; the"
            + " matrix's time per call changed by %+.0f%% in the last), for runs of about %d ms", steady.blocks(),
            Durations.format(Duration.between(started, clock.instant())), 100 * steady.change(),
            config.run().runTarget().toMillis()));
        return out;
    }

    /** PLAN with calls per run set from NS_PER_CALL for runs of the target length, and written to plan.tsv. */
    private SessionPlan withCalibratedCalls(SessionPlan plan, Map<String, Double> nsPerCall) {
        SessionPlan out = plan.withCalls(CallsCalibration.calibrate(plan.cells(), nsPerCall, config.run().runTarget()));
        folder.writePlan(out, rotation, config.stopping().fixedBlocks() > 0 ? config.stopping().fixedBlocks() : config.stopping().minBlocks(),
            config.stopping().warmupBlocks());
        return out;
    }

    /**
     * Blocks after the warm-up at most, and the change of time per call that counts as steady. Two: the counts are set
     * again after the settle ({@link #recalibrated}), and four blocks had bought little (session S4, 2026-12-06: 4
     * blocks, 64 s, the matrix still 19 % faster in the last).
     */
    static final int CALIBRATION_BLOCKS = 2;
    static final double STEADY = 0.10;

    /** The median over the cells in both of now / before - 1; NaN when none is. */
    static double medianChange(Map<String, Double> before, Map<String, Double> now) {
        double[] ratios = now.entrySet().stream().filter(e -> before.containsKey(e.getKey()) && before.get(e.getKey()) > 0)
            .mapToDouble(e -> e.getValue() / before.get(e.getKey()) - 1).toArray();
        return ratios.length == 0 ? Double.NaN : Quantiles.median(ratios);
    }

    private void measure(SessionPlan plan) throws IOException, InterruptedException {
        PrecisionRule rule = new PrecisionRule(plan, config.stopping().precisionPct(), config.stopping().fixedBlocks(), config.stopping().minBlocks(),
            BlockCi.deciding());
        BlockSamples samples = new BlockSamples();
        Set<String> skipped = new HashSet<>();
        measuredStart = clock.instant();
        for (int measured = 1; ; measured++) {
            int m = measured;
            rotation = rotation.choosing(measured, new SessionGroupState(rotation, plan.cells(), skipped, samples,
                this::capSpent));
            if (rotation.givenAgain(measured)) {
                log.detail("   group " + rotation.blockLabel(measured) + " takes a second turn in a row: its last turn gave"
                    + " no values (its half set aside, or its runs failed), or it is the only group with cells left to run");
            }
            runBlock(cellsOfMeasuredBlock(plan, measured), Phase.MEASURE, rotation.blockLabel(measured),
                half -> {
                    samples.drop(m, half.stream().map(Cell::id).toList());
                    // a capped cell's run set aside is not one of its runs: it runs again in a later block
                    half.stream().filter(c -> c.maxRuns() > 0).forEach(c -> cappedRuns.merge(c.id(), -1, Integer::sum));
                }, (cell, result) -> {
                if (cell.maxRuns() > 0) {
                    cappedRuns.merge(cell.id(), 1, Integer::sum);
                }
                if (!Double.isNaN(result.usPerCall())) {
                    samples.add(m, cell.id(), result.usPerCall());
                }
                if (cell.kind() == CellKind.OVERLIMIT) {
                    OverLimitCheck.judge(cell, result, folder, tally, log);
                }
            });
            eta.blockFinished();
            if (measured == NOISE_AT) {
                forecastNoise(plan, samples, measured);
            }
            for (Cell c : plan.cells()) {
                if (services.blocked(c) != null) {
                    skipped.add(c.id());
                }
            }
            if (!matrixFirstWeighed && MatrixFirst.due(measured, NOISE_AT, rotation, plan.cells(), skipped,
                samples::blocksWithValues, this::capSpent)) {
                matrixFirstWeighed = true;
                putMatrixFirstIfShort(plan, samples, measured);
            }
            long t0 = System.nanoTime();
            int assessed = rule.assessments();
            Decision d = rule.decide(samples, skipped, budget, expectedBlock(measured + 1));
            log.detail("   stopping rule: " + (rule.assessments() - assessed) + " subject(s) assessed in "
                + (System.nanoTime() - t0) / 1_000_000 + " ms");
            folder.writePrecision(d.precision());
            if (measured >= NOISE_AT) { // from the forecast's block on: the intervals say something by then
                runsPerBlock = ExtraRuns.of(d.precision());
                if (!runsPerBlock.isEmpty()) {
                    log.detail("   next block: " + runsPerBlock.size() + " cell(s) of prices and ratios not yet within their"
                        + " target make " + runsPerBlock.values().stream().mapToInt(Integer::intValue).sum() + " runs");
                }
            }
            int left = BlockForecast.blocksLeft(measured, config.stopping().fixedBlocks(), config.stopping().minBlocks(), d);
            int allows = eta.blocksAllowed();
            log.say(ProgressText.measuredBlock(block, measured, rotation.blockLabel(measured), left, allows, d,
                budget.remaining(), eta.remaining(allows < 0 ? left : Math.min(left, allows))));
            if (d.stop()) {
                folder.writePlan(plan, rotation, measured, block - measured);
                if (hostSpeed.reads()) {
                    log.say("   " + hostSpeed.summary());
                }
                ProgressText.precisionSummary(d, measured).forEach(log::say);
                if (redone > 0) {
                    log.say(ProgressText.redone(redone));
                }
                log.say("== measured blocks ended: " + d.verdict().name().toLowerCase().replace('_', ' ')
                    + " after " + measured + " measured block(s)");
                return;
            }
        }
    }

    /** Whether the cell has made the measured runs of its run cap. */
    private boolean capSpent(Cell c) {
        return !c.wantsMoreRuns(cappedRuns.getOrDefault(c.id(), 0));
    }

    /** After how many measured blocks the session says what its budget buys (NoiseForecast). */
    static final int NOISE_AT = 5;

    /**
     * When the budget at the full pace would leave the median matrix cell short of the precision target, the rotation
     * groups take fewer turns from the next block on (MatrixFirst); never with --blocks, without a target or groups.
     * Weighed once every group has MatrixFirst.GROUP_FLOOR blocks, from the matrix's blocks so far.
     */
    private void putMatrixFirstIfShort(SessionPlan plan, BlockSamples samples, int measured) {
        double target = config.stopping().precisionPct();
        if (!Double.isFinite(target) || config.stopping().fixedBlocks() > 0 || rotation.groups().isEmpty()
            || plan.matrix().isEmpty()) {
            return;
        }
        int needed = (int) Quantiles.median(plan.matrix().stream().mapToDouble(c -> MatrixFirst.blocksNeeded(
            samples.firstOfEachBlock(c.id()), target)).toArray());
        MatrixFirst m = MatrixFirst.decide(measured, needed, budget.remaining(),
            Duration.between(measuredStart, clock.instant()).dividedBy(measured), Duration.ofNanos(groupNanos / measured));
        log.detail("   matrix first weighed after measured block " + measured + ": the median matrix cell needs about "
            + needed + " blocks, the budget holds " + m.atFullPace() + " more with a group in each"
            + (m.shortens() ? ", about " + m.atPace() + " at one in " + m.pace() : "; the groups keep every turn"));
        if (m.shortens()) {
            rotation = rotation.paced(measured, m.pace());
            eta.averagingCyclesOf(rotation.groups().size() * m.pace());
            log.say("   " + m.text(measured));
            folder.note(org.dbuslab.format.NotesTsv.BUDGET, org.dbuslab.format.NotesTsv.MATRIX_FIRST, m.text(measured));
        }
    }

    /** How long measured block {@code next} will take: once paced, as the latest blocks of its kind did. */
    private Duration expectedBlock(int next) {
        return rotation.isPaced() ? eta.expectedBlock(rotation.groupOfBlock(next).isPresent()) : eta.expectedBlock();
    }

    private void forecastNoise(SessionPlan plan, BlockSamples samples, int measured) {
        List<TwoLevelNoise> noise = new java.util.ArrayList<>();
        double runMs = 0;
        for (Cell c : plan.matrix()) {
            double[] blocks = samples.firstOfEachBlock(c.id());
            List<Double> twice = runsTwice.getOrDefault(c.id(), List.of());
            if (blocks.length >= 2) {
                noise.add(TwoLevelNoise.of(twice.size() >= 2 ? List.of(twice.stream().mapToDouble(Double::doubleValue)
                    .toArray()) : List.of(), blocks, 1));
                runMs += Quantiles.median(blocks) * c.calls() / 1000 / plan.matrix().size();
            }
        }
        if (noise.isEmpty()) {
            return;
        }
        int allows = eta.blocksAllowed();
        Duration before = Duration.between(config.stopping().startedAt(), measuredStart);
        NoiseForecast.lines(noise, measured + Math.max(0, allows), config.stopping().precisionPct(), eta.expectedBlock(), before,
            runMs, placementNanos / 1e6 / block).forEach(log::say);
    }

    interface AfterRun {
        void accept(Cell cell, CellRunner.Result result) throws IOException;
    }

    private List<Cell> cellsOfMeasuredBlock(SessionPlan plan, int measured) {
        return repeated(cellsOfMeasuredBlock(plan, rotation, cappedRuns, measured), runsPerBlock);
    }

    /**
     * Each cell as many times as RUNS says, at least its kind's {@link CellKind#runsPerMeasuredBlock} (three for a raw
     * floor cell, else one), next to each other; the block shuffles them.
     */
    static List<Cell> repeated(List<Cell> cells, Map<String, Integer> runs) {
        List<Cell> out = new java.util.ArrayList<>();
        for (Cell c : cells) {
            int least = c.kind().runsPerMeasuredBlock();
            for (int i = 0; i < Math.max(least, runs.getOrDefault(c.id(), 1)); i++) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * A measured block's cells, in plan order: the matrix and its rotation group's, less the cells with a run cap
     * that have made their runs ({@code runsMade}: measured runs by cell id).
     */
    static List<Cell> cellsOfMeasuredBlock(SessionPlan plan, Rotation rotation, Map<String, Integer> runsMade,
                                           int measured) {
        return rotation.cellsOfBlock(plan.cellsOfBlock(Phase.MEASURE, measured), measured).stream()
            .filter(c -> c.wantsMoreRuns(runsMade.getOrDefault(c.id(), 0))).toList();
    }

    /**
     * One block: its runs in the order --order gives (BlockOrder), then grouped by placement (BlockOrder#placementsOfBlock), the processes moved to
     * each placement before its runs. A placement the processes could not be moved to makes no runs in the block.
     * With SET_ASIDE (measured blocks), the host-speed probe is read around each half, and SET_ASIDE gets the cells
     * run in a half the host slowed.
     */
    private void runBlock(List<Cell> cells, Phase phase, String group, java.util.function.Consumer<List<Cell>> setAside,
                          AfterRun after) throws IOException, InterruptedException {
        block++;
        List<org.dbuslab.format.Placement> halves = BlockOrder.placementsOfBlock(config.arrangement().placements(), block);
        BlockOrder order = BlockOrder.of(cells, phase, config.arrangement().order(), config.arrangement().orderSeed(), block).withGroup(group)
            .inPlacementHalves(halves);
        folder.appendOrder(order);
        eta.blockStarted(phase, !group.equals(org.dbuslab.format.PlanTsv.NO_GROUP));
        int position = 0;
        org.dbuslab.format.Placement half = null;
        org.dbuslab.format.Placement refused = null;
        List<Cell> ranInHalf = new java.util.ArrayList<>();
        for (Cell cell : order.cells()) {
            SignalExit.parkIfInterrupted();
            position++;
            if (cell.placement() != half) { // every half of every block: moved if need be, and checked
                if (setAside != null) {
                    halfEnded(half, cell.placement(), ranInHalf, setAside);
                }
                half = cell.placement();
                long t0 = System.nanoTime();
                List<String> problems = placements.moveTo(cell.placement());
                placementNanos += System.nanoTime() - t0;
                if (!problems.isEmpty()) {
                    refused = cell.placement();
                    refuse(refused, problems);
                } else {
                    log.detail("   block " + block + ": placement " + cell.placement().label() + ", every thread on its CPUs ("
                        + placements.lastCheck() + ")");
                }
            }
            if (cell.placement() == refused) {
                continue;
            }
            long t0 = System.nanoTime();
            List<String> unfocused = placements.focus(cell.clientKey().map(ClientKey::name));
            placementNanos += System.nanoTime() - t0;
            if (!unfocused.isEmpty()) { // its client is not on the measured CPU: the run would not be what it says
                refuse(cell.placement(), unfocused);
                continue;
            }
            if (services.blocked(cell) == null) {
                log.detail(ProgressText.run(block, phase.label(), position, order.cells().size(), cell));
            }
            long started = System.nanoTime();
            CellRunner.Result result = runner.run(cell, phase, block, order.payloadSeed(), phase == Phase.MEASURE);
            if (result.redone()) { // at once, so the block and the placement stay the run's; once, so it ends
                redone++;
                log.detail("   " + cell.describe() + ": its client compiled for " + result.done().jitMillis() + " ms of the "
                    + result.done().elapsedNanos() / 1_000_000 + " ms run: made again (runs.csv phase redone)");
                result = runner.run(cell, phase, block, order.payloadSeed(), false);
            }
            if (phase == Phase.MEASURE && rotation.groupOf(cell).isPresent()) {
                groupNanos += System.nanoTime() - started;
            }
            ranInHalf.add(cell);
            after.accept(cell, result);
        }
        if (setAside != null && half != null) {
            halfEnded(half, null, ranInHalf, setAside);
        }
    }

    /**
     * Reads the host-speed probe between half ENDED (null: the block starts) and half STARTING (null: it ends); when
     * the host slowed ENDED, its cells RAN go to SET_ASIDE and the session log says so. RAN is emptied for the next half.
     */
    private void halfEnded(org.dbuslab.format.Placement ended, org.dbuslab.format.Placement starting, List<Cell> ran,
                           java.util.function.Consumer<List<Cell>> setAside) throws InterruptedException {
        java.util.Optional<org.dbuslab.format.HostSpeed.Slowed> slowed = hostSpeed.edge(block, ended, starting);
        if (slowed.isPresent() && !ran.isEmpty()) { // a refused half made no run to set aside
            setAside.accept(List.copyOf(ran));
            log.say(String.format(java.util.Locale.ROOT, "   block %d: its %s runs set aside, the host slowed CPU %d"
                + " (%.2fx its median at both ends of them, host-speed.tsv)", block, ended.label(), slowed.get().cpu(),
                slowed.get().times()));
        }
        ran.clear();
    }

    /** The runs of a placement the processes are not in are not made (nor recorded): the session says so and fails. */
    private void refuse(org.dbuslab.format.Placement placement, List<String> problems) {
        String why = "block " + block + ": no " + placement.label() + " runs, the processes are not on its CPUs: "
            + String.join("; ", problems);
        tally.lost(why);
        folder.note(PLACEMENT_TOPIC, "refused", why);
        log.say("  [!] " + why);
    }

    /** notes.tsv's topic of what the runner says about placements. */
    static final String PLACEMENT_TOPIC = "placement";
}
