package org.dbuslab.runner.session;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FixedCostsTest {

    @Test
    void aCellFillsItsWindowOnceThenTakesOneSamplePerBlock() {
        FixedCosts f = new FixedCosts();
        assertEquals(-1, f.fixedNs("spam.a"), "no sample yet");
        assertEquals(FixedCosts.WINDOW, f.samplesDue("spam.a"));
        for (long ns : new long[] {50, 10, 40, 20, 30}) {
            f.add("spam.a", ns);
        }
        assertEquals(30, f.fixedNs("spam.a"), "median of 10 20 30 40 50");
        assertEquals(1, f.samplesDue("spam.a"));
        assertEquals(FixedCosts.WINDOW, f.samplesDue("spam.b"), "per cell");
    }

    @Test
    void theMedianRollsOverTheLatestFiveSamples() {
        FixedCosts f = new FixedCosts();
        for (long ns : new long[] {10, 10, 10, 10, 10, 90, 90}) {
            f.add("spam.a", ns);
        }
        assertEquals(10, f.fixedNs("spam.a"), "10 10 10 90 90");
        f.add("spam.a", 90);
        assertEquals(90, f.fixedNs("spam.a"), "10 10 90 90 90: the oldest samples have left the window");
        FixedCosts partial = new FixedCosts();
        partial.add("spam.a", 7);
        partial.add("spam.a", 3);
        assertEquals(3, partial.fixedNs("spam.a"), "the lower middle of an even count");
        assertEquals(3, partial.samplesDue("spam.a"), "a window a failure left short is filled again");
    }
}
