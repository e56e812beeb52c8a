package org.dbuslab.runner.options;

import java.time.Duration;
import java.time.Instant;

/**
 * When the warm-up and the session end.
 *
 * @param fixedBlocks  measured blocks to make (--blocks, --quick), or 0 to stop on the precision target
 * @param precisionPct the precision target (95% CI half-width in % of the estimate); NaN with fixed blocks
 * @param minBlocks    least measured blocks before the precision target can end the session
 * @param warmupBlocks least warm-up blocks
 * @param startedAt    when the session started (the launcher passes the build's start)
 * @param budget       the session's time budget, build and start-up included, counted from {@code startedAt}
 * @param warmupBudget how long the warm-up may go on waiting for every Java client's JIT to go quiet (0: no watch)
 */
public record Stopping(int fixedBlocks, double precisionPct, int minBlocks, int warmupBlocks, Instant startedAt,
                       Duration budget, Duration warmupBudget) {

    public Stopping {
        SessionConfig.require(fixedBlocks > 0 ^ Double.isFinite(precisionPct), "exactly one of fixedBlocks and precisionPct");
        SessionConfig.require(!Double.isFinite(precisionPct) || precisionPct > 0 && precisionPct <= 100,
                "precisionPct in (0, 100]");
        SessionConfig.require(minBlocks >= 1 && warmupBlocks >= 1, "minBlocks, warmupBlocks >= 1");
        SessionConfig.require(!budget.isNegative() && !budget.isZero() && !warmupBudget.isNegative(), "budgets");
    }

    public boolean precisionTarget() {
        return fixedBlocks == 0;
    }

    /** When the budget runs out. */
    public Instant deadline() {
        return startedAt.plus(budget);
    }
}
