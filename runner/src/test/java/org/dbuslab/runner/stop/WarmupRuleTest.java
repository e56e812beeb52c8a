package org.dbuslab.runner.stop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.ClientKey;
import org.dbuslab.runner.plan.Mode;
import org.junit.jupiter.api.Test;

class WarmupRuleTest {

    private static final ClientKey SYNC = new ClientKey(Transport.DBUS_DAEMON, Pair.JAVA, Mode.SYNC);
    private static final ClientKey ASYNC = new ClientKey(Transport.DBUS_DAEMON, Pair.JAVA, Mode.ASYNC);
    private static final Duration BUDGET = Duration.ofSeconds(60);

    private static void runs(WarmupRule rule, ClientKey client, long... jitMillis) {
        for (long ms : jitMillis) {
            rule.record(client, ms);
        }
    }

    @Test
    void endsOnceEveryClientsLastFiveRunsCompiledAtMostFiveMs() {
        WarmupRule rule = new WarmupRule(1, BUDGET, List.of(SYNC, ASYNC));
        runs(rule, SYNC, 500, 40, 1, 1, 1);
        runs(rule, ASYNC, 300, 0, 0, 0, 0);
        assertEquals(WarmupRule.Outcome.CONTINUE, rule.afterBlock(1, Duration.ofSeconds(5)));
        assertEquals(Map.of(SYNC, 543L, ASYNC, 300L), rule.compiling());
        runs(rule, SYNC, 1, 1);
        runs(rule, ASYNC, 0);
        assertEquals(WarmupRule.Outcome.JIT_QUIET, rule.afterBlock(2, Duration.ofSeconds(10)),
                "sync 1+1+1+1+1, async 0+0+0+0+0");
    }

    @Test
    void fiveMsOverFiveRunsIsStillQuietSixIsNot() {
        WarmupRule rule = new WarmupRule(1, BUDGET, List.of(SYNC));
        runs(rule, SYNC, 2, 1, 1, 1, 1);
        assertEquals(WarmupRule.Outcome.CONTINUE, rule.afterBlock(1, Duration.ZERO), "6 ms");
        runs(rule, SYNC, 1);
        assertEquals(WarmupRule.Outcome.JIT_QUIET, rule.afterBlock(2, Duration.ZERO));
    }

    @Test
    void theLeastBlocksComeFirstEvenWhenTheJitIsQuiet() {
        WarmupRule rule = new WarmupRule(3, BUDGET, List.of(SYNC));
        runs(rule, SYNC, 0, 0, 0, 0, 0, 0);
        assertEquals(WarmupRule.Outcome.CONTINUE, rule.afterBlock(2, Duration.ZERO));
        assertEquals(WarmupRule.Outcome.JIT_QUIET, rule.afterBlock(3, Duration.ZERO));
    }

    @Test
    void aBusyJitEndsTheWarmupWhenItsBudgetIsSpent() {
        WarmupRule rule = new WarmupRule(1, BUDGET, List.of(SYNC));
        runs(rule, SYNC, 50, 50, 50, 50, 50);
        assertEquals(WarmupRule.Outcome.CONTINUE, rule.afterBlock(4, Duration.ofSeconds(59)));
        assertEquals(WarmupRule.Outcome.BUDGET_SPENT, rule.afterBlock(5, Duration.ofSeconds(60)));
        assertEquals(Map.of(SYNC, 250L), rule.compiling());
    }

    @Test
    void withoutABudgetOnlyTheLeastBlocksAreMade() {
        WarmupRule rule = new WarmupRule(2, Duration.ZERO, List.of(SYNC));
        runs(rule, SYNC, 900);
        assertEquals(WarmupRule.Outcome.CONTINUE, rule.afterBlock(1, Duration.ZERO));
        assertEquals(WarmupRule.Outcome.MIN_BLOCKS, rule.afterBlock(2, Duration.ZERO));
    }

    @Test
    void clientsThatDoNotReportTheirJitOrDiedDoNotHoldTheWarmupBack() {
        WarmupRule rule = new WarmupRule(1, BUDGET, List.of(SYNC, ASYNC));
        runs(rule, SYNC, -1);
        runs(rule, ASYNC, 400);
        assertEquals(List.of(ASYNC), List.copyOf(rule.compiling().keySet()));
        rule.forget(ASYNC);
        assertEquals(WarmupRule.Outcome.JIT_QUIET, rule.afterBlock(1, Duration.ZERO));
        assertTrue(rule.compiling().isEmpty());
    }

    @Test
    void aBlockThatWouldEndBeyondTheBudgetIsNotStarted() {
        WarmupRule rule = new WarmupRule(1, BUDGET, List.of(SYNC));
        rule.record(SYNC, 50);
        assertEquals(WarmupRule.Outcome.CONTINUE, rule.afterBlock(3, Duration.ofSeconds(50), Duration.ofSeconds(10)),
            "ends at the budget");
        assertEquals(WarmupRule.Outcome.BUDGET_SPENT, rule.afterBlock(3, Duration.ofSeconds(51), Duration.ofSeconds(10)),
            "would end a second beyond it");
    }
}
