package org.dbuslab.runner.options;

import java.time.Duration;

/**
 * How long one run is.
 *
 * @param calls           fixed calls per run (--calls), or 0 when calls follow {@code runTarget}
 * @param runTarget       how long a run should take; null with fixed calls. Calls are set after the first warm-up
 *                        block so that a run takes about this long (at least 2 x window)
 * @param firstBlockCalls calls per run until calibrated (= calls when fixed)
 * @param cellTimeout     how long one run may take before it counts as hung
 */
public record RunLength(int calls, Duration runTarget, int firstBlockCalls, Duration cellTimeout) {

    public RunLength {
        SessionConfig.require(calls > 0 ^ runTarget != null, "exactly one of calls and runTarget");
        SessionConfig.require(firstBlockCalls >= 1 && (calls == 0 || firstBlockCalls == calls), "firstBlockCalls");
        SessionConfig.require(!cellTimeout.isNegative() && !cellTimeout.isZero(), "cellTimeout");
    }
}
