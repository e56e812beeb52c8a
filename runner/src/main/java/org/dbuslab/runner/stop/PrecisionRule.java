package org.dbuslab.runner.stop;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.dbuslab.analysis.stats.Interval;
import org.dbuslab.analysis.stats.Quantiles;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.Comparison;
import org.dbuslab.runner.plan.SessionPlan;

/**
 * After each measured block: every matrix cell's median us/call and every headline comparison's paired ratio
 * (SessionPlan#comparisons) gets its 95% CI half-width in % of its estimate; the session goes on until all are
 * within the target (and at least {@code minBlocks} are measured), the budget would not hold another block, or
 * a fixed count of blocks is done. Stateful: it remembers since when each subject has been met.
 */
public final class PrecisionRule {

    private final SessionPlan plan;
    private final double targetPct;
    private final int fixedBlocks;
    private final int minBlocks;
    private final BlockCi ci;
    private final Map<String, Integer> metSince = new HashMap<>();

    /**
     * @param targetPct   the target, or NaN with {@code fixedBlocks} (precision is then reported, not aimed at)
     * @param fixedBlocks measured blocks to make, or 0 to stop on the target
     */
    public PrecisionRule(SessionPlan plan, double targetPct, int fixedBlocks, int minBlocks, BlockCi ci) {
        if (fixedBlocks > 0 == Double.isFinite(targetPct) || minBlocks < 1) {
            throw new IllegalArgumentException("either a fixed count of blocks or a target, and minBlocks >= 1");
        }
        this.plan = plan;
        this.targetPct = targetPct;
        this.fixedBlocks = fixedBlocks;
        this.minBlocks = minBlocks;
        this.ci = ci;
    }

    /**
     * @param samples       every measured run so far
     * @param skippedCells  ids of cells that cannot run (skipped transports and pairs)
     * @param budget        the session's budget
     * @param nextBlock     how long another block is expected to take (Duration.ZERO when unknown)
     */
    public Decision decide(BlockSamples samples, Set<String> skippedCells, Budget budget, Duration nextBlock) {
        List<Precision> precision = assess(samples, skippedCells);
        int blocks = samples.blocks();
        Decision.Verdict verdict;
        if (fixedBlocks > 0) {
            verdict = blocks >= fixedBlocks ? Decision.Verdict.BLOCKS_DONE : Decision.Verdict.CONTINUE;
        } else if (blocks >= minBlocks && precision.stream().allMatch(p -> p.met() || p.skipped())) {
            verdict = Decision.Verdict.TARGET_MET;
        } else {
            verdict = Decision.Verdict.CONTINUE;
        }
        if (verdict == Decision.Verdict.CONTINUE && !budget.allows(nextBlock)) {
            verdict = Decision.Verdict.BUDGET_SPENT;
        }
        return new Decision(verdict, precision);
    }

    /** Every subject's precision now (also updates since when each has been met). */
    public List<Precision> assess(BlockSamples samples, Set<String> skippedCells) {
        int blocks = samples.blocks();
        List<Precision> out = new ArrayList<>();
        for (Cell cell : plan.matrix()) {
            List<double[]> values = samples.of(cell.id());
            double estimate = median(values);
            Interval interval = samples.blocksWithValues(cell.id()) >= 2 ? ci.ofMedian(values) : Interval.UNDEFINED;
            out.add(precision(cell.id(), cell, null, samples.blocksWithValues(cell.id()), estimate, interval, blocks,
                    skippedCells.contains(cell.id())));
        }
        for (Comparison comparison : plan.comparisons()) {
            List<double[]> a = samples.of(comparison.subject().id());
            List<double[]> b = samples.of(comparison.baseline().id());
            List<double[]> pairedA = new ArrayList<>();
            List<double[]> pairedB = new ArrayList<>();
            for (int i = 0; i < a.size(); i++) {
                if (a.get(i).length > 0 && b.get(i).length > 0) {
                    pairedA.add(a.get(i));
                    pairedB.add(b.get(i));
                }
            }
            double estimate = median(pairedA) / median(pairedB);
            Interval interval = pairedA.size() >= 2 ? ci.ofRatioOfMedians(pairedA, pairedB) : Interval.UNDEFINED;
            boolean skipped = skippedCells.contains(comparison.subject().id()) || skippedCells.contains(comparison.baseline().id());
            out.add(precision(comparison.id(), comparison.subject(), comparison, pairedA.size(), estimate, interval, blocks,
                    skipped));
        }
        return out;
    }

    private Precision precision(String key, Cell cell, Comparison comparison, int withValues, double estimate,
                                Interval interval, int blocks, boolean skipped) {
        double halfWidth = halfWidthPct(estimate, interval);
        boolean met = !skipped && Double.isFinite(targetPct) && halfWidth <= targetPct;
        if (met) {
            metSince.putIfAbsent(key, blocks);
        } else {
            metSince.remove(key);
        }
        return new Precision(cell, comparison, withValues, estimate, halfWidth, targetPct, met,
                metSince.getOrDefault(key, 0), skipped);
    }

    /** The interval's half-width in % of the estimate; NaN when either is undefined. */
    public static double halfWidthPct(double estimate, Interval interval) {
        if (!interval.isDefined() || !(estimate > 0) || !Double.isFinite(estimate)) {
            return Double.NaN;
        }
        return (interval.high() - interval.low()) / 2 / estimate * 100;
    }

    /** The median of every value in the blocks (the analysis's quantile); NaN when there is none. */
    static double median(List<double[]> blocks) {
        return Quantiles.median(blocks.stream().flatMapToDouble(Arrays::stream).toArray());
    }
}
