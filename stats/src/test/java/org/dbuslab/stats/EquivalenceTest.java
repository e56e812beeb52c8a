package org.dbuslab.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class EquivalenceTest {

    @Test
    public void anIntervalWithinTheMarginIsEquivalent() {
        assertTrue(Equivalence.tost(new Interval(0.97, 1.04), 5).equivalent());
        assertTrue(Equivalence.tost(new Interval(0.95, 1.05), 5).equivalent()); // bounds included
    }

    @Test
    public void anIntervalReachingBeyondEitherBoundIsNot() {
        assertFalse(Equivalence.tost(new Interval(0.94, 1.01), 5).equivalent());
        assertFalse(Equivalence.tost(new Interval(0.99, 1.06), 5).equivalent());
        // merely wide: no significant difference either, but not equivalence
        assertFalse(Equivalence.tost(new Interval(0.80, 1.25), 5).equivalent());
    }

    @Test
    public void aSmallSignificantDifferenceCanBeEquivalentToo() {
        assertTrue(Equivalence.tost(new Interval(1.01, 1.03), 5).equivalent());
    }

    @Test
    public void anUndefinedIntervalIsNeverEquivalent() {
        assertFalse(Equivalence.tost(Interval.UNDEFINED, 5).equivalent());
        assertFalse(Equivalence.UNTESTED.equivalent());
    }

    @Test
    public void tostAtFivePercentUsesTheNinetyPercentInterval() {
        assertEquals(0.90, Equivalence.confidence(0.05), 1e-12);
    }

    @Test
    public void aMarginOutsideZeroToHundredIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> Equivalence.tost(new Interval(0.99, 1.01), 0));
        assertThrows(IllegalArgumentException.class, () -> Equivalence.tost(new Interval(0.99, 1.01), 100));
    }
}
