package org.dbuslab.runner.session;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MatrixFirstTest {

    private static Duration s(double seconds) {
        return Duration.ofMillis(Math.round(seconds * 1000));
    }

    /** 39 blocks of 7 s held the median cell's need: the session runs as planned. */
    @Test
    void keepsThePlanWhenTheBudgetHoldsTheBlocksTheMedianCellNeeds() {
        MatrixFirst m = MatrixFirst.decide(5, 30, s(240), s(7), s(3));
        assertFalse(m.shortens());
        assertEquals(1, m.pace());
        assertEquals(34, m.atFullPace());
    }

    /** 13 s blocks of which the group took 9 s: 9 more blocks at full pace, 24 at one in two, enough for 25 needed. */
    @Test
    void picksTheSlowestPaceItNeedsNoSlower() {
        MatrixFirst m = MatrixFirst.decide(5, 25, s(200), s(13), s(9));
        assertTrue(m.shortens());
        assertEquals(2, m.pace());
        assertEquals(15, m.atFullPace());
        assertEquals(23, m.atPace());
    }

    /** Even one in three would not hold 71 blocks: the slowest pace, and the text says what was shortened. */
    @Test
    void stopsAtTheSlowestPaceWhenNoneHoldsTheNeed() {
        MatrixFirst m = MatrixFirst.decide(5, 71, s(150), s(13), s(9));
        assertEquals(MatrixFirst.MAX_PACE, m.pace());
        assertTrue(m.text(5).startsWith("the matrix came first: from measured block 6 on, the rotation groups ran in one block of 3,"
            + " since the median matrix cell needed about 71 blocks and the budget held 11 more with a group in each, about 21 at"
            + " this pace"), m.text(5));
    }

    @Test
    void neverShortensWithoutGroupTime() {
        assertFalse(MatrixFirst.decide(5, 500, s(100), s(4), Duration.ZERO).shortens());
    }
}
