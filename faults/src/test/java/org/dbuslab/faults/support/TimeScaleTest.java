package org.dbuslab.faults.support;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimeScaleTest {

    @Test
    void theFactorStaysBetweenOneAndTheMaximum() {
        assertEquals(2.5, TimeScale.of("2.5"));
        assertEquals(1, TimeScale.of("0.2"), "an idle machine's timeouts are the shortest");
        assertEquals(TimeScale.MAX, TimeScale.of("100"), "a hang must still show within minutes");
        assertEquals(1, TimeScale.fromLoad(0.1));
        assertEquals(1, TimeScale.fromLoad(4), "the suite's own forks: the idle values hold");
        assertEquals(2.5, TimeScale.fromLoad(10));
        assertEquals(1, TimeScale.fromLoad(Double.NaN));
    }

    @Test
    void aFactorThatIsNotANumberIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TimeScale.of("fast"));
        assertTrue(e.getMessage().contains("lab.test.timeScale") && e.getMessage().contains("fast"), e.getMessage());
    }

    @Test
    void everyBudgetValueIsItsIdleValueTimesTheFactor() {
        assertEquals(Math.round(1000 * Budget.scale()), Budget.replyTimeoutMs());
        assertEquals(Math.round(5000 * Budget.scale()), Budget.serverTimeoutMs());
        assertTrue(Budget.stall().toMillis() > Budget.replyTimeoutMs(), "a stall outlasts the reply timeout");
    }
}
