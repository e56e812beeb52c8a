package org.dbuslab.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SampleComparisonTest {

    private static SampleComparison compare(double[] candidate, double[] baseline) {
        return SampleComparison.of(candidate, baseline, Bootstrap.standard(), SampleComparison.DEFAULT_ALPHA);
    }

    @Test
    void clearlyFasterSampleIsLower() {
        double[] baseline = {100, 101, 102, 99, 100.5, 101.5, 98.5};
        double[] candidate = {80, 81, 79, 80.5, 82, 79.5, 80.2};
        SampleComparison c = compare(candidate, baseline);
        assertEquals(80.2 / 100.5, c.ratioOfMedians(), 1e-12);
        assertEquals(80.2 - 100.5, c.difference(), 1e-12);
        assertTrue(c.ratioInterval().high() < 1);
        assertTrue(c.test().pValue() < 0.001);
        assertEquals(Direction.LOWER, c.direction());
        assertEquals(Direction.HIGHER, compare(baseline, candidate).direction());
    }

    /** The bootstrap interval of 3 against 3 excludes 1, but the U test cannot go below p = 0.1. */
    @Test
    void neverSignificantWhenTheRankTestCannotTell() {
        SampleComparison c = compare(new double[] {80, 81, 82}, new double[] {100, 101, 102});
        assertTrue(c.ratioInterval().excludes(1.0));
        assertEquals(0.1, c.test().pValue(), 1e-15);
        assertFalse(c.significant());
        assertEquals(Direction.NOT_SIGNIFICANT, c.direction());
        assertTrue(c.tooFewRunsToTell());
        assertFalse(compare(new double[] {80, 81, 82, 83}, new double[] {100, 101, 102, 103}).tooFewRunsToTell());
    }

    @Test
    void overlappingSamplesAreNotSignificant() {
        SampleComparison c = compare(new double[] {100, 102, 98, 101, 99, 103}, new double[] {101, 99, 100, 102, 98, 100.5});
        assertEquals(Direction.NOT_SIGNIFICANT, c.direction());
    }
}
