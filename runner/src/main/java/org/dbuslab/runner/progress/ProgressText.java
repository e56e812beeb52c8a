package org.dbuslab.runner.progress;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.dbuslab.format.Series;
import org.dbuslab.runner.options.Durations;
import org.dbuslab.runner.options.SessionConfig;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.ClientKey;
import org.dbuslab.runner.plan.Rotation;
import org.dbuslab.runner.plan.SessionPlan;
import org.dbuslab.runner.stop.Decision;
import org.dbuslab.runner.stop.Precision;
import org.dbuslab.runner.stop.WarmupRule;

/** The progress lines (stderr and logs/session.log), plain text, one line each. */
public final class ProgressText {

    private ProgressText() {
    }

    /** What the session will do, for the top of the session log. */
    public static List<String> sessionStart(SessionConfig c, SessionPlan plan) {
        String calls = c.run().calls() > 0 ? "calls " + c.run().calls() : "calls for ~" + c.run().runTarget().toMillis() + " ms per run";
        String stop = c.stopping().precisionTarget()
                ? "until +-" + pct(c.stopping().precisionPct()) + " (at least " + c.stopping().minBlocks() + " measured blocks)"
                : c.stopping().fixedBlocks() + " measured blocks";
        String warmup = "warm-up >= " + c.stopping().warmupBlocks() + " block(s)" + (c.stopping().warmupBudget().isZero() ? ""
                : ", then until the JIT is quiet, <= " + Durations.format(c.stopping().warmupBudget()));
        Rotation rotation = Rotation.of(plan.cells(), c.arrangement().rotation());
        List<Cell> later = plan.cellsOfBlock(org.dbuslab.format.Phase.MEASURE, 2);
        long everyBlock = later.stream().filter(x -> rotation.groupOf(x).isEmpty()).count();
        String perBlock = rotation.groups().isEmpty() ? later.size() + " runs per block"
                : everyBlock + " runs per block + one of " + rotation.groups().size() + " rotation groups ("
                + rotation.groups().stream().map(g -> g.label() + " " + later.stream()
                        .filter(x -> rotation.groupOf(x).filter(g::equals).isPresent()).count())
                        .collect(Collectors.joining(", ")) + " runs)";
        return List.of(
                "preset " + c.preset().name() + ": " + calls + ", " + stop + ", budget " + Durations.format(c.stopping().budget())
                        + ", " + warmup + ", async window " + c.matrix().window() + ", sizes " + join(c.matrix().sizes()),
                "transports " + c.matrix().transports().stream().map(Object::toString).collect(Collectors.joining(" ")) + "; modes "
                        + c.matrix().modes().stream().map(Object::toString).collect(Collectors.joining(" ")) + "; order " + c.arrangement().order()
                        + " (seed " + c.arrangement().orderSeed() + "); placement " + String.join(" and ", c.arrangement().placements().stream().map(p -> p.label()).toList()),
                c.others().reference() ? "reference rows: libdbus pairs and raw floor at sizes " + join(c.others().referenceSizes())
                        + (rotation.healthPayload() > 0 ? " (dbus-daemon sync " + rotation.healthPayload()
                        + " B's libdbus pairs, the lab-health finding's, in every block)" : "")
                        : "reference rows: off (--no-reference)",
                c.others().sweep() ? "sweep: windows " + join(c.others().sweepWindows()) + (plan.cells().stream()
                        .anyMatch(x -> x.kind() == CellKind.OVERLIMIT) ? "; over-limit check in the first measured block" : "")
                        : "sweep: off",
                "client libraries: " + (c.others().libraries().isEmpty() ? "none (--libraries none)"
                        : c.others().libraries().stream().map(Object::toString).collect(Collectors.joining(","))
                        + (c.others().libraryRuns() > 0 ? ", " + c.others().libraryRuns() + " measured runs per cell" : "")) + "; lkml: "
                        + (c.others().lkmlRuns() > 0 ? c.others().lkmlRuns() + " measured runs per sync cell, in its rotation group's first blocks; async in every block"
                        : "off (--lkml-runs 0)"),
                "real-world paths: " + (c.others().paths().isEmpty() ? "none (--paths none)"
                        : c.others().paths().stream().map(k -> k.label()).collect(Collectors.joining(",")) + " at sizes "
                        + join(c.others().pathSizes()) + ", each paired with the same client on the bus directly"),
                plan.cells().size() + " cells (" + plan.matrix().size() + " matrix, "
                        + plan.cells().stream().filter(x -> x.series() == Series.REFERENCE).count() + " reference, "
                        + plan.cells().stream().filter(x -> x.series() == Series.SWEEP).count() + " sweep, "
                        + plan.cells().stream().filter(x -> x.series() == Series.LIBRARIES).count() + " libraries, "
                        + plan.cells().stream().filter(x -> x.series() == Series.LKML).count() + " lkml, "
                        + plan.cells().stream().filter(x -> x.series() == Series.PATHS).count() + " paths, "
                        + plan.cells().stream().filter(x -> x.series() == Series.POLICY).count() + " policy), " + perBlock
                        + ", " + plan.clientKeys().size() + " persistent clients, "
                        + plan.comparisons().size() + " headline comparisons");
    }

    /** At the end: how far the precision got, and every subject that did not meet the target. */
    public static List<String> precisionSummary(Decision d, int measuredBlocks) {
        List<String> out = new java.util.ArrayList<>();
        double target = d.precision().stream().mapToDouble(Precision::targetPct).filter(Double::isFinite).findFirst()
                .orElse(Double.NaN);
        String widest = worst(d).map(p -> "; widest " + p.describe() + " +-" + pct(p.halfWidthPct())).orElse("");
        if (!Double.isFinite(target)) {
            out.add("precision after " + measuredBlocks + " measured blocks (no target)" + widest);
            return out;
        }
        out.add("precision after " + measuredBlocks + " measured blocks: " + d.cellsMet() + "/" + d.cells() + " cells and "
                + d.comparisonsMet() + "/" + d.comparisons() + " comparisons within +-" + pct(target) + ownTargets(d, target)
                + widest);
        d.precision().stream().filter(p -> !p.met() && !p.skipped()).forEach(p -> out.add("  not met: " + p.describe()
                + (Double.isFinite(p.halfWidthPct()) ? " +-" + pct(p.halfWidthPct()) : " (no interval)")));
        return out;
    }

    private static String join(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** Before a run: {@code [block 7 measure 12/88] dbus-daemon sync 1000 B w1 calls 800 [matrix]}. */
    public static String run(int block, String phase, int position, int runs, Cell cell) {
        return "[block " + block + " " + phase + " " + position + "/" + runs + "] " + cell.describe();
    }

    /** After a warm-up block: who still compiles, and the warm-up budget left. */
    public static String warmupBlock(int block, Duration took, WarmupRule.Outcome outcome, Map<ClientKey, Long> compiling,
                                     Duration warmupLeft) {
        String head = "[block " + block + " warm-up] took " + Durations.format(took) + "; ";
        return head + switch (outcome) {
            case CONTINUE -> compiling.isEmpty() ? "least warm-up blocks not done yet"
                    : compiling.size() + " Java client(s) still compiling (" + top(compiling) + "); warm-up budget left "
                    + Durations.format(warmupLeft);
            case MIN_BLOCKS -> "warm-up done (least blocks, no JIT watch)";
            case JIT_QUIET -> "warm-up done: every Java client's JIT is quiet";
            case BUDGET_SPENT -> "warm-up budget spent; still compiling: " + top(compiling);
        };
    }

    /** After the measured blocks, when some runs were made again: how many, and why. */
    public static String redone(int runs) {
        return "   " + runs + " measured run(s) made again at once: their client compiled for more than "
            + Math.round(100 * org.dbuslab.format.JitBusy.SHARE) + " % of them (runs.csv keeps them, phase redone)";
    }

    private static String top(Map<ClientKey, Long> compiling) {
        return compiling.entrySet().stream().limit(3).map(e -> e.getKey().name() + " " + e.getValue() + " ms")
                .collect(Collectors.joining(", ")) + (compiling.size() > 3 ? ", ..." : "");
    }

    /**
     * After a measured block: {@code [block 9 = measured 7; ~5 more needed at the current rate, budget allows ~20]
     * 18/20 cells, 30/32 comparisons within +-3%; widest: transport p2p-unix/dbus-daemon async 1000 B +-4.9%;
     * budget left 3m10s, ETA 2m30s}; with a fixed count {@code [block 9 = measured 7 of 12]}, and once the
     * blocks end {@code [block 9 = measured 7]}.
     *
     * @param blocksLeft   BlockForecast's measured blocks still needed
     * @param budgetAllows how many more blocks of the current length the budget holds, -1 while unknown
     */
    public static String measuredBlock(int block, int measured, int blocksLeft, int budgetAllows, Decision d,
                                       Duration budgetLeft, Optional<Duration> eta) {
        return measuredBlock(block, measured, Rotation.EVERY, blocksLeft, budgetAllows, d, budgetLeft, eta);
    }

    /** The same with the block's rotation group after the block's number ({@code, group sync-1000}) unless all. */
    public static String measuredBlock(int block, int measured, String group, int blocksLeft, int budgetAllows, Decision d,
                                       Duration budgetLeft, Optional<Duration> eta) {
        StringBuilder s = new StringBuilder();
        s.append("[block ").append(block).append(" = measured ").append(measured);
        String groupText = Rotation.EVERY.equals(group) ? "" : ", group " + group;
        boolean targeted = d.precision().stream().mapToDouble(Precision::targetPct).anyMatch(Double::isFinite);
        if (!d.stop() && targeted) {
            s.append(groupText).append("; ~").append(blocksLeft).append(" more needed at the current rate");
            if (budgetAllows >= 0) {
                s.append(", budget allows ~").append(budgetAllows);
            }
        } else if (!d.stop()) {
            s.append(" of ").append(measured + blocksLeft).append(groupText);
        } else {
            s.append(groupText);
        }
        s.append("] ");
        double target = d.precision().stream().mapToDouble(Precision::targetPct).filter(Double::isFinite).findFirst()
                .orElse(Double.NaN);
        if (Double.isFinite(target)) {
            s.append(d.cellsMet()).append('/').append(d.cells()).append(" cells, ").append(d.comparisonsMet()).append('/')
                    .append(d.comparisons()).append(" comparisons within +-").append(pct(target)).append(ownTargets(d, target));
        } else {
            s.append("no precision target");
        }
        worst(d).ifPresent(p -> s.append("; widest: ").append(p.describe()).append(" +-").append(pct(p.halfWidthPct())));
        s.append("; budget left ").append(Durations.format(budgetLeft));
        s.append(", ETA ").append(eta.map(Durations::format).orElse("--"));
        if (d.stop()) {
            s.append(" -> ").append(switch (d.verdict()) {
                case TARGET_MET -> "precision target met";
                case BUDGET_SPENT -> "budget spent";
                case BLOCKS_DONE -> "all blocks done";
                case CONTINUE -> "";
            });
        }
        return s.toString();
    }

    /** " (path +-5.0%, lkml +-15.0%)" for the subjects with a target of their own (Comparison.Kind#target), else "". */
    static String ownTargets(Decision d, double target) {
        Map<String, Double> own = new java.util.LinkedHashMap<>();
        d.precision().stream().filter(p -> p != null && p.isComparison() && Double.isFinite(p.targetPct())
                && p.targetPct() != target).forEach(p -> own.putIfAbsent(p.comparison().kind().label(), p.targetPct()));
        return own.isEmpty() ? "" : own.entrySet().stream().map(e -> e.getKey() + " +-" + pct(e.getValue()))
                .collect(Collectors.joining(", ", " (", ")"));
    }

    /** The widest defined half-width among the subjects that count. */
    static Optional<Precision> worst(Decision d) {
        return d.precision().stream().filter(p -> !p.skipped() && Double.isFinite(p.halfWidthPct()))
                .max(java.util.Comparator.comparingDouble(Precision::halfWidthPct));
    }

    static String pct(double value) {
        return String.format(Locale.ROOT, "%.1f%%", value);
    }
}
