package org.dbuslab.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

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

    /**
     * 3 against 3: the U test cannot go below p = 0.1, and the bootstrap of three values would span little more than
     * the values, far from a 95 % interval, so neither interval is given.
     */
    @Test
    void neverSignificantWhenTheRankTestCannotTell() {
        SampleComparison c = compare(new double[] {80, 81, 82}, new double[] {100, 101, 102});
        assertFalse(c.ratioInterval().isDefined());
        assertFalse(c.differenceInterval().isDefined());
        assertEquals(81.0 / 101.0, c.ratioOfMedians(), 1e-12);
        assertEquals(0.1, c.test().pValue(), 1e-15);
        assertFalse(c.significant());
        assertEquals(Direction.NOT_SIGNIFICANT, c.direction());
        assertTrue(c.tooFewRunsToTell());
        SampleComparison four = compare(new double[] {80, 81, 82, 83}, new double[] {100, 101, 102, 103});
        assertFalse(four.tooFewRunsToTell());
        assertTrue(four.ratioInterval().excludes(1.0));
    }

    /** Five paired blocks: Wilcoxon's smallest two-sided p is 2/32, so no interval; six give one. */
    @Test
    void pairedBlocksGiveAnIntervalOnlyWhereTheTestCanTell() {
        List<double[]> a = new ArrayList<>();
        List<double[]> b = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            a.add(new double[] {80 + i});
            b.add(new double[] {100 + i});
            SampleComparison c = SampleComparison.paired(a, b, BlockBootstrap.standard(), SampleComparison.DEFAULT_ALPHA);
            assertEquals(i < 5, c.tooFewRunsToTell(), "blocks " + (i + 1));
            assertEquals(i == 5, c.ratioInterval().isDefined(), "blocks " + (i + 1));
        }
        assertEquals(6, SampleComparison.LEAST_PAIRED_BLOCKS, "the runner counts no comparison met before it");
    }

    /** A tie sends 3 against 3 to the normal approximation; its evidence is still that of 3 runs against 3. */
    @Test
    void tiesDoNotLetThreeRunsAgainstThreeTell() {
        SampleComparison c = compare(new double[] {80, 80, 82}, new double[] {100, 101, 102});
        assertEquals("asymptotic", c.test().method());
        assertTrue(c.tooFewRunsToTell());
        assertFalse(c.ratioInterval().isDefined());
    }

    @Test
    void overlappingSamplesAreNotSignificant() {
        SampleComparison c = compare(new double[] {100, 102, 98, 101, 99, 103}, new double[] {101, 99, 100, 102, 98, 100.5});
        assertEquals(Direction.NOT_SIGNIFICANT, c.direction());
    }
}
