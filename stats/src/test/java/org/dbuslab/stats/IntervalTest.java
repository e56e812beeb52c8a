package org.dbuslab.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IntervalTest {

    @Test
    void halfWidthIsHalfTheWidthAsAShareOfTheCentre() {
        assertEquals(3.0, new Interval(97, 103).halfWidthPercentOf(100), 1e-12);
        assertEquals(5.0, new Interval(0.9, 1.0).halfWidthPercentOf(1.0), 1e-12); // asymmetric: half the width all the same
        assertTrue(Double.isNaN(Interval.UNDEFINED.halfWidthPercentOf(100)));
        assertTrue(Double.isNaN(new Interval(1, 2).halfWidthPercentOf(0)));
    }
}
