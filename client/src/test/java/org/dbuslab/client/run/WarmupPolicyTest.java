package org.dbuslab.client.run;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class WarmupPolicyTest {

    private static final long MS = 1_000_000L;

    @Test
    void withoutABudgetStopsAfterTheMinimumWhateverTheJitDoes() {
        WarmupPolicy p = new WarmupPolicy(3, 0);
        p.recordRun(10 * MS, 300);
        p.recordRun(10 * MS, 300);
        assertNull(p.outcome());
        p.recordRun(10 * MS, 300);
        assertEquals(WarmupPolicy.Outcome.MIN_RUNS, p.outcome());
    }

    @Test
    void zeroMinimumAndNoBudgetMeansNoWarmup() {
        assertEquals(WarmupPolicy.Outcome.MIN_RUNS, new WarmupPolicy(0, 0).outcome());
    }

    @Test
    void keepsGoingWhileTheJitCompilesThenStopsOnceItHasBeenQuietForTheWholeWindow() {
        WarmupPolicy p = new WarmupPolicy(2, 60_000 * MS);
        long[] jit = {500, 40, 0, 0, 0, 0, 320, 1, 1, 1, 1};
        for (long ms : jit) {
            assertNull(p.outcome(), "still due after " + p.runs() + " runs");
            p.recordRun(10 * MS, ms);
        }
        // the last five runs compiled 320+1+1+1+1 ms: not quiet yet
        assertNull(p.outcome());
        p.recordRun(10 * MS, 1);
        assertEquals(WarmupPolicy.Outcome.JIT_QUIET, p.outcome());
        assertEquals(12, p.runs());
        assertEquals(WarmupPolicy.QUIET_MILLIS, p.recentJitMillis());
    }

    @Test
    void theMinimumComesFirstEvenWhenTheJitIsQuiet() {
        WarmupPolicy p = new WarmupPolicy(8, 60_000 * MS);
        for (int i = 0; i < 7; i++) {
            p.recordRun(10 * MS, 0);
        }
        assertNull(p.outcome());
        p.recordRun(10 * MS, 0);
        assertEquals(WarmupPolicy.Outcome.JIT_QUIET, p.outcome());
    }

    @Test
    void aBusyJitEndsTheWarmupWhenTheBudgetIsSpent() {
        WarmupPolicy p = new WarmupPolicy(1, 100 * MS);
        for (int i = 0; i < 9; i++) {
            p.recordRun(10 * MS, 50);
            assertNull(p.outcome());
        }
        p.recordRun(10 * MS, 50);
        assertEquals(WarmupPolicy.Outcome.BUDGET_SPENT, p.outcome());
        assertEquals(250, p.recentJitMillis());
    }

    @Test
    void aJvmThatDoesNotReportItsJitGetsOnlyTheMinimum() {
        WarmupPolicy p = new WarmupPolicy(2, 60_000 * MS);
        p.recordRun(10 * MS, -1);
        assertNull(p.outcome());
        p.recordRun(10 * MS, -1);
        assertEquals(WarmupPolicy.Outcome.JIT_NOT_REPORTED, p.outcome());
    }
}
