package org.dbuslab.client.record;

import java.time.Instant;

/**
 * One line of runs.csv: what was asked, and how the run went. {@code latencyLog} is the HdrHistogram log holding
 * this run's per-call latencies (relative to the CSV's folder) and {@code latencyTag} its interval's tag; both
 * empty when latencies were not recorded. {@code jitMillis} is how long the JIT compiled during the run (-1: the JVM
 * does not say), so runs that timed compilation rather than calls can be told apart.
 */
public record RunRow(String transport, String mode, int payloadBytes, int window, int calls, int run,
                     long elapsedNanos, long lost, long mismatched, long errors, String phase, String method,
                     Instant startedUtc, String latencyLog, String latencyTag,
                     long jitMillis) {
}
