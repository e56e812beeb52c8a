package org.dbuslab.analysis.model;

import org.dbuslab.stats.Interval;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RangesTest {

    @Test
    void aDefinedRatioIntervalCarriesItsConfidence() {
        assertEquals("95% CI " + Ranges.ratio(new Interval(1.12, 1.25)), Ranges.ratioCi(95, new Interval(1.12, 1.25)));
        assertEquals("90% CI " + Ranges.ratio(new Interval(0.98, 1.03)), Ranges.ratioCi(90, new Interval(0.98, 1.03)));
    }

    /** A finding once read "95% CI CI n/a": the label is said once, whatever the caller prefixes. */
    @Test
    void anUndefinedIntervalSaysCiOnce() {
        assertEquals("CI n/a", Ranges.ratioCi(95, Interval.UNDEFINED));
        assertEquals("CI n/a", Ranges.ratio(Interval.UNDEFINED));
    }
}
