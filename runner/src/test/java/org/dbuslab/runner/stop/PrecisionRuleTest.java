package org.dbuslab.runner.stop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.Comparison;
import org.dbuslab.runner.plan.PlanFixtures;
import org.dbuslab.runner.plan.SessionPlan;
import org.dbuslab.stats.Interval;
import org.junit.jupiter.api.Test;

class PrecisionRuleTest {

    private static final Instant START = Instant.parse("2026-12-01T14:00:00Z");

    /** A plan small enough to reason about: dbus-daemon and p2p-unix, sync, 1000 B, with the libdbus pairs. */
    private final SessionPlan plan = PlanFixtures.plan("--transports", "dbus-daemon,p2p-unix", "--modes", "sync", "--sizes",
            "1000", "--no-sweep", "--calls", "500", "--paths", "none");
    private final TestClock clock = new TestClock(START);
    private final Budget budget = new Budget(START, Duration.ofMinutes(10), clock);

    /** Intervals whose half-width is exactly {@code pct / blocks} % of the estimate (known, to test the rule alone). */
    private static BlockCi shrinking(double pct) {
        return new BlockCi() {
            @Override
            public Interval ofMedian(List<double[]> blocks) {
                double m = PrecisionRule.median(blocks);
                double h = m * pct / 100 / blocks.stream().filter(b -> b.length > 0).count();
                return new Interval(m - h, m + h);
            }

            @Override
            public Interval ofPairedRatio(List<double[]> a, List<double[]> b) {
                double r = PrecisionRule.median(a) / PrecisionRule.median(b);
                double h = r * pct / 100 / a.size();
                return new Interval(r - h, r + h);
            }
        };
    }

    /** Medians +-10% over exactly {@code blocks} blocks, +-1% otherwise; every ratio +-1%. */
    private static BlockCi wideAt(int blocks) {
        return new BlockCi() {
            @Override
            public Interval ofMedian(List<double[]> values) {
                return values.size() == blocks ? new Interval(90, 110) : new Interval(99, 101);
            }

            @Override
            public Interval ofPairedRatio(List<double[]> a, List<double[]> b) {
                return new Interval(0.99, 1.01);
            }
        };
    }

    /** One measured block in which every cell of the plan ran once at 100 us/call (comparisons: 1.0). */
    private static void block(BlockSamples samples, SessionPlan plan, int block) {
        plan.cells().forEach(c -> samples.add(block, c.id(), 100));
    }

    @Test
    void goesOnUntilEveryCellAndComparisonIsWithinTheTargetAndRemembersSinceWhen() {
        PrecisionRule rule = new PrecisionRule(plan, 3, 0, 5, shrinking(29.9)); // half-width 29.9/n %: met from block 10
        BlockSamples samples = new BlockSamples();
        Decision d = null;
        for (int b = 1; b <= 9; b++) {
            block(samples, plan, b);
            d = rule.decide(samples, Set.of(), budget, Duration.ofSeconds(10));
            assertEquals(Decision.Verdict.CONTINUE, d.verdict(), "block " + b);
        }
        assertEquals(0, d.cellsMet());
        block(samples, plan, 10);
        d = rule.decide(samples, Set.of(), budget, Duration.ofSeconds(10));
        assertEquals(Decision.Verdict.TARGET_MET, d.verdict());
        assertEquals(2, d.cells(), "the two matrix cells");
        assertEquals(3, d.comparisons(), "p2p-unix/dbus-daemon, client x libdbus, server x libdbus");
        assertTrue(d.precision().stream().allMatch(p -> p.met() && p.metSince() == 10 && p.blocks() == 10));
        assertEquals(2.99, d.precision().get(0).halfWidthPct(), 1e-9);
        assertEquals(100, d.precision().get(0).estimate(), 1e-9);
        assertEquals(1.0, d.precision().get(2).estimate(), 1e-9);
    }

    @Test
    void neverStopsOnTheTargetBeforeTheLeastMeasuredBlocks() {
        PrecisionRule rule = new PrecisionRule(plan, 3, 0, 5, shrinking(1));
        BlockSamples samples = new BlockSamples();
        for (int b = 1; b <= 5; b++) {
            block(samples, plan, b);
            Decision d = rule.decide(samples, Set.of(), budget, Duration.ZERO);
            assertEquals(Decision.Verdict.CONTINUE, d.verdict(), "block " + b);
            assertEquals(0, d.cellsMet(), "a median's 95% CI needs 6 values, however narrow fewer are");
        }
        // cells and comparisons: not before 6 blocks, from which the report gives an interval that holds
        block(samples, plan, 6);
        Decision d = rule.decide(samples, Set.of(), budget, Duration.ZERO);
        assertEquals(Decision.Verdict.TARGET_MET, d.verdict());
        assertEquals(6, d.precision().get(0).metSince());
    }

    @Test
    void stopsWhenTheBudgetWouldNotHoldAnotherBlock() {
        PrecisionRule rule = new PrecisionRule(plan, 3, 0, 5, shrinking(300));
        BlockSamples samples = new BlockSamples();
        block(samples, plan, 1);
        clock.advance(Duration.ofMinutes(9));
        assertEquals(Decision.Verdict.CONTINUE, rule.decide(samples, Set.of(), budget, Duration.ofSeconds(60)).verdict());
        clock.advance(Duration.ofSeconds(1));
        Decision d = rule.decide(samples, Set.of(), budget, Duration.ofSeconds(60));
        assertEquals(Decision.Verdict.BUDGET_SPENT, d.verdict(), "59 s left, a block takes 60 s");
        assertFalse(d.precision().get(0).met());
        assertTrue(Double.isNaN(d.precision().get(0).halfWidthPct()), "one block: no interval");
        clock.advance(Duration.ofMinutes(5));
        assertEquals(Decision.Verdict.BUDGET_SPENT, rule.decide(samples, Set.of(), budget, Duration.ZERO).verdict());
    }

    @Test
    void aReserveForWhatComesAfterTheBlocksShortensTheirBudget() {
        Budget blocks = budget.withReserve(Duration.ofMinutes(1));
        clock.advance(Duration.ofMinutes(8));
        assertEquals(Duration.ofMinutes(1), blocks.remaining());
        assertTrue(blocks.allows(Duration.ofSeconds(60)));
        assertFalse(blocks.allows(Duration.ofSeconds(61)));
        assertEquals(Duration.ZERO, budget.withReserve(Duration.ofHours(1)).remaining());
    }

    @Test
    void aFixedCountStopsAfterItsBlocksAndStillReportsPrecision() {
        PrecisionRule rule = new PrecisionRule(plan, Double.NaN, 3, 3, shrinking(6));
        BlockSamples samples = new BlockSamples();
        for (int b = 1; b <= 3; b++) {
            block(samples, plan, b);
        }
        Decision d = rule.decide(samples, Set.of(), budget, Duration.ZERO);
        assertEquals(Decision.Verdict.BLOCKS_DONE, d.verdict());
        assertEquals(2.0, d.precision().get(0).halfWidthPct(), 1e-9);
        assertFalse(d.precision().get(0).met(), "no target, nothing is met");
    }

    @Test
    void aSubjectThatWidensAgainIsNoLongerMetAndSkippedCellsDoNotHoldTheSessionBack() {
        Cell p2p = plan.matrix().stream().filter(c -> c.transport() == Transport.P2P_UNIX).findFirst().orElseThrow();
        BlockSamples samples = new BlockSamples();
        PrecisionRule rule = new PrecisionRule(plan, 3, 0, 2, wideAt(6));
        // blocks 1..6 for every cell but p2p-unix, which never ran (its transport was skipped)
        for (int b = 1; b <= 6; b++) {
            for (Cell c : plan.cells()) {
                if (c != p2p) {
                    samples.add(b, c.id(), 100);
                }
            }
        }
        Set<String> skipped = Set.of(p2p.id());
        Decision d = rule.decide(samples, skipped, budget, Duration.ZERO);
        Precision daemon = d.precision().get(0);
        assertEquals(6, samples.blocks());
        assertFalse(daemon.met(), "+-10% at 6 blocks");
        assertEquals(Decision.Verdict.CONTINUE, d.verdict());
        assertTrue(d.precision().stream().filter(p -> p.cell().equals(p2p) || p.isComparison()
                && p.comparison().kind() == Comparison.Kind.TRANSPORT).allMatch(Precision::skipped));
        assertEquals(1, d.cells(), "skipped cells are not counted");
    }

    @Test
    void withTheRealBlockBootstrapTightDataMeetsThreePercentAndNoisyDataDoesNot() {
        Random random = new Random(1);
        BlockSamples tight = new BlockSamples();
        BlockSamples noisy = new BlockSamples();
        for (int b = 1; b <= 8; b++) {
            double drift = 1 + 0.3 * random.nextGaussian(); // common-mode: the same factor for every cell of a block
            for (Cell c : plan.cells()) {
                tight.add(b, c.id(), 100 * (1 + 0.01 * random.nextGaussian()));
                noisy.add(b, c.id(), 100 * drift * (1 + 0.01 * random.nextGaussian()));
            }
        }
        Decision ok = new PrecisionRule(plan, 3, 0, 5, BlockCi.deciding()).decide(tight, Set.of(), budget, Duration.ZERO);
        assertEquals(Decision.Verdict.TARGET_MET, ok.verdict(), ok.precision().toString());
        Decision drifting = new PrecisionRule(plan, 3, 0, 5, BlockCi.deciding()).decide(noisy, Set.of(), budget, Duration.ZERO);
        assertEquals(0, drifting.cellsMet(), "30% drift between blocks: no cell's median is within 3%");
        assertEquals(3, drifting.comparisonsMet(), "but the drift cancels in every paired ratio");
    }

    @Test
    void metSubjectsAreNotBootstrappedAgainUntilTheSessionWouldEnd() {
        // cells and comparisons met from block 6 (no interval in the report that holds before 6 blocks)
        PrecisionRule rule = new PrecisionRule(plan, 3, 0, 8, shrinking(1));
        BlockSamples samples = new BlockSamples();
        int[] assessed = new int[9];
        for (int b = 1; b <= 8; b++) {
            block(samples, plan, b);
            int before = rule.assessments();
            Decision d = rule.decide(samples, Set.of(), budget, Duration.ZERO);
            assessed[b] = rule.assessments() - before;
            assertEquals(b == 8 ? Decision.Verdict.TARGET_MET : Decision.Verdict.CONTINUE, d.verdict(), "block " + b);
            assertEquals(b >= 6 ? 5 : 0, d.precision().stream().filter(Precision::met).count(), "block " + b);
        }
        assertEquals(5, assessed[1], "2 cells + 3 comparisons");
        assertEquals(5, assessed[5]);
        assertEquals(5, assessed[6], "assessed once more, and met");
        assertEquals(0, assessed[7], "all met: nothing to assess");
        assertEquals(5, assessed[8], "the session would end: every subject afresh");
        Decision last = rule.decide(samples, Set.of(), budget, Duration.ZERO);
        assertTrue(last.precision().stream().allMatch(p -> p.metSince() == 6 && p.blocks() == 8),
            last.precision().toString());
    }

    @Test
    void aMetSubjectNoLongerMetWhenTheSessionWouldEndLosesItsMarkAndTheSessionGoesOn() {
        // the cells are met after block 6 and keep their mark; the comparisons only after block 7, when the session
        // would end and every subject is assessed afresh: the cells' medians are then +-10%
        BlockCi ci = new BlockCi() {
            @Override
            public Interval ofMedian(List<double[]> values) {
                return values.size() == 7 ? new Interval(90, 110) : new Interval(99, 101);
            }

            @Override
            public Interval ofPairedRatio(List<double[]> a, List<double[]> b) {
                return a.size() < 7 ? new Interval(0.9, 1.1) : new Interval(0.99, 1.01);
            }
        };
        PrecisionRule rule = new PrecisionRule(plan, 3, 0, 4, ci);
        BlockSamples samples = new BlockSamples();
        Decision d = null;
        for (int b = 1; b <= 7; b++) {
            block(samples, plan, b);
            d = rule.decide(samples, Set.of(), budget, Duration.ZERO);
            if (b == 6) {
                assertTrue(d.precision().get(0).met(), "met after block 6");
            }
        }
        assertEquals(Decision.Verdict.CONTINUE, d.verdict(), "+-10% on the fresh check after block 7");
        assertFalse(d.precision().get(0).met());
        assertEquals(0, d.precision().get(0).metSince());
        assertEquals(10.0, d.precision().get(0).halfWidthPct(), 1e-9, "what it is now, not what it met with");
        block(samples, plan, 8);
        d = rule.decide(samples, Set.of(), budget, Duration.ZERO);
        assertEquals(Decision.Verdict.TARGET_MET, d.verdict());
        assertEquals(8, d.precision().get(0).metSince(), "met again after block 8");
    }

    @Test
    void aRotatedSubjectCountsOnlyTheBlocksItsCellsRanInAndIsNotAssessedInTheOthers() {
        PrecisionRule rule = new PrecisionRule(plan, Double.NaN, 10, 10, shrinking(6));
        BlockSamples samples = new BlockSamples();
        int lastAssessed = 0;
        for (int b = 1; b <= 6; b++) {
            for (Cell c : plan.cells()) {
                if (c.series() == org.dbuslab.format.Series.MATRIX || b % 2 == 1) {
                    samples.add(b, c.id(), 100);
                }
            }
            int before = rule.assessments();
            rule.decide(samples, Set.of(), budget, Duration.ZERO);
            lastAssessed = rule.assessments() - before;
            if (b % 2 == 0) {
                assertEquals(3, lastAssessed, "block " + b + ": the 2 matrix cells and their transport comparison only");
            }
        }
        Decision d = rule.decide(samples, Set.of(), budget, Duration.ZERO);
        Precision client = d.precision().stream().filter(p -> p.isComparison()
                && p.comparison().kind() == Comparison.Kind.CLIENT_LIBDBUS).findFirst().orElseThrow();
        assertEquals(3, client.blocks(), "blocks 1, 3, 5");
        assertEquals(2.0, client.halfWidthPct(), 1e-9, "6% / its 3 blocks");
        assertEquals(6, d.precision().get(0).blocks());
    }

    @Test
    void halfWidthIsInPercentOfTheEstimate() {
        assertEquals(5.0, PrecisionRule.halfWidthPct(200, new Interval(190, 210)), 1e-9);
        assertTrue(Double.isNaN(PrecisionRule.halfWidthPct(200, Interval.UNDEFINED)));
        assertTrue(Double.isNaN(PrecisionRule.halfWidthPct(Double.NaN, new Interval(1, 2))));
    }
}
