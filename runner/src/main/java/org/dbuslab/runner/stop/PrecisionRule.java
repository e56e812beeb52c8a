package org.dbuslab.runner.stop;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.dbuslab.stats.BlockRatios;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.Quantiles;
import org.dbuslab.stats.SampleComparison;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.Comparison;
import org.dbuslab.runner.plan.SessionPlan;

/**
 * After each measured block: every matrix cell's median us/call and every headline comparison's paired ratio
 * (SessionPlan#comparisons) gets its 95% CI half-width in % of its estimate; the session goes on until all are
 * within the target (and at least {@code minBlocks} are measured), the budget would not hold another block, or
 * a fixed count of blocks is done. Stateful: it remembers since when each subject has been met.
 *
 * <p>Cheap between blocks: a subject that is met is not bootstrapped again after each block, nor one that got no
 * new value (a rotation group's cells outside their group's blocks); only before the session ends (the target
 * looks met, the budget is spent, the blocks are done) is every subject assessed afresh, and one that is no
 * longer met loses its mark and the session goes on. A subject's CI only counts the blocks in which its cells
 * ran (BlockSamples: a block without its values gives it none).
 */
public final class PrecisionRule {

    private final SessionPlan plan;
    private final double targetPct;
    private final int fixedBlocks;
    private final int minBlocks;
    private final BlockCi ci;
    private final Map<String, Integer> metSince = new HashMap<>();
    /** Each subject's latest assessment, and how many values it was made from (a new value means a new assessment). */
    private final Map<String, Precision> latest = new HashMap<>();
    private final Map<String, Integer> valuesSeen = new HashMap<>();
    private int bootstraps;

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
        boolean ending = fixedBlocks > 0 && samples.blocks() >= fixedBlocks || !budget.allows(nextBlock);
        if (!ending) {
            Decision.Verdict verdict = verdict(assess(samples, skippedCells, false), samples.blocks(), budget, nextBlock);
            if (verdict == Decision.Verdict.CONTINUE) {
                return new Decision(verdict, current());
            }
        }
        // the session would end: every subject afresh, so what it ends with (and precision.tsv) is current
        List<Precision> fresh = assess(samples, skippedCells, true);
        return new Decision(verdict(fresh, samples.blocks(), budget, nextBlock), fresh);
    }

    private Decision.Verdict verdict(List<Precision> precision, int blocks, Budget budget, Duration nextBlock) {
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
        return verdict;
    }

    /** Every subject's precision now, each assessed afresh (also updates since when each has been met). */
    public List<Precision> assess(BlockSamples samples, Set<String> skippedCells) {
        return assess(samples, skippedCells, true);
    }

    /** How many subject assessments (bootstraps) were made so far: what deciding costs. */
    public int assessments() {
        return bootstraps;
    }

    private List<Precision> current() {
        List<Precision> out = new ArrayList<>();
        plan.matrix().forEach(c -> out.add(latest.get(c.id())));
        plan.comparisons().forEach(c -> out.add(latest.get(c.id())));
        return out;
    }

    /** Subjects already met, or without a new value since they were last assessed, keep their assessment unless ALL. */
    private List<Precision> assess(BlockSamples samples, Set<String> skippedCells, boolean all) {
        int blocks = samples.blocks();
        for (Cell cell : plan.matrix()) {
            String key = cell.id();
            boolean skipped = skippedCells.contains(key);
            int values = samples.valuesOf(key);
            if (!all && unchanged(key, values, skipped)) {
                continue;
            }
            List<double[]> perBlock = samples.of(key);
            double estimate = median(perBlock);
            Interval interval = samples.blocksWithValues(key) >= 2 ? ci.ofMedian(perBlock) : Interval.UNDEFINED;
            record(key, values, precision(key, cell, null, samples.blocksWithValues(key), estimate, interval, blocks,
                    skipped));
        }
        for (Comparison comparison : plan.comparisons()) {
            String key = comparison.id();
            boolean skipped = skippedCells.contains(comparison.subject().id()) || skippedCells.contains(comparison.baseline().id());
            int values = samples.valuesOf(comparison.subject().id()) + samples.valuesOf(comparison.baseline().id());
            if (!all && unchanged(key, values, skipped)) {
                continue;
            }
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
            double estimate = pairedA.isEmpty() ? Double.NaN : BlockRatios.of(pairedA, pairedB).medianRatio();
            Interval interval = pairedA.size() >= 2 ? ci.ofPairedRatio(pairedA, pairedB) : Interval.UNDEFINED;
            record(key, values, precision(key, comparison.subject(), comparison, pairedA.size(), estimate, interval, blocks,
                    skipped));
        }
        return current();
    }

    /** Met (and still counting), or nothing new since its last assessment: it keeps that one. */
    private boolean unchanged(String key, int values, boolean skipped) {
        Precision last = latest.get(key);
        if (last == null || last.skipped() != skipped) {
            return false;
        }
        return last.met() || valuesSeen.get(key) == values;
    }

    private void record(String key, int values, Precision p) {
        bootstraps++;
        latest.put(key, p);
        valuesSeen.put(key, values);
    }

    private Precision precision(String key, Cell cell, Comparison comparison, int withValues, double estimate,
                                Interval interval, int blocks, boolean skipped) {
        double halfWidth = halfWidthPct(estimate, interval);
        double target = comparison == null ? targetPct : comparison.kind().target(targetPct);
        // a path's price, in one block of five, was met on 2-3 blocks by luck and never assessed again, and its cells
        // got no extra runs (ExtraRuns): a rotating kind needs as many blocks as the session's least. And no comparison
        // is met before the report can give it an interval (5 paired blocks give none: SampleComparison), nor is a cell
        // whose median no interval from so few values covers 95 % of the time (the report's PrecisionMark)
        boolean enough = comparison == null ? withValues >= Bootstrap.LEAST_VALUES_FOR_A_MEDIAN
                : withValues >= Math.max(SampleComparison.LEAST_PAIRED_BLOCKS, comparison.kind().rotating() ? minBlocks : 0);
        boolean met = !skipped && Double.isFinite(target) && halfWidth <= target && enough;
        if (met) {
            metSince.putIfAbsent(key, blocks);
        } else {
            metSince.remove(key);
        }
        return new Precision(cell, comparison, withValues, estimate, halfWidth, target, met,
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
