package org.dbuslab.analysis.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.dbuslab.stats.Interval;
import org.dbuslab.stats.SampleComparison;
import org.dbuslab.stats.SignificanceTest;
import org.junit.jupiter.api.Test;

class ComparisonTextTest {

    /** A paired comparison over 6 blocks (the exact signed-rank test can reach 0.031), with the given p and interval. */
    private static SampleComparison paired(double p, Interval ci) {
        SignificanceTest test = new SignificanceTest(SignificanceTest.Kind.WILCOXON_SIGNED_RANK, 2, p, true, 0.03125);
        return new SampleComparison(0.91, ci, -8.0, new Interval(-9.0, -7.0), test, 0.05, 6);
    }

    @Test
    void anIntervalThatExcludesOneBesideATestThatDidNotRejectGetsTheTestsP() {
        // a session's finding read "no significant difference, 0.91 (95% CI 0.89–0.93)" over 6 blocks: the verdict needs
        // both the interval and the test, and only the test's p says why it is none
        SampleComparison r = paired(0.0625, new Interval(0.89, 0.93));
        assertEquals("no significant difference (p = 0.063)", ComparisonText.notSignificant(r));
        assertEquals("p = 0.063", ComparisonText.testThatDidNotReachAlpha(r));
        assertEquals(", p = 0.063", ComparisonText.andTestThatDidNotReachAlpha(r));
        assertEquals(ComparisonText.NO_DIFFERENCE, ComparisonText.notSignificantWord(r));
    }

    @Test
    void anIntervalThatHoldsOneNeedsNoP() {
        SampleComparison r = paired(0.44, new Interval(0.89, 1.04));
        assertEquals(ComparisonText.NO_DIFFERENCE, ComparisonText.notSignificant(r));
        assertEquals("", ComparisonText.testThatDidNotReachAlpha(r));
        assertEquals("", ComparisonText.andTestThatDidNotReachAlpha(r));
    }

    @Test
    void aTestThatCouldNeverRejectStaysTooFewRuns() {
        SignificanceTest test = new SignificanceTest(SignificanceTest.Kind.WILCOXON_SIGNED_RANK, 0, 0.0625, true, 0.0625);
        SampleComparison r = new SampleComparison(0.91, new Interval(0.89, 0.93), -8.0, Interval.UNDEFINED, test, 0.05, 5);
        assertEquals(ComparisonText.TOO_FEW_RUNS, ComparisonText.notSignificant(r));
    }
}
