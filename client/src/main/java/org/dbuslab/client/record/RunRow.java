package org.dbuslab.client.record;

import java.time.Instant;

/** One line of runs.csv: what was asked, and how the run went. */
public record RunRow(String transport, String mode, int payloadBytes, int window, int calls, int run,
                     long elapsedNanos, long lost, long mismatched, long errors, String phase, String method,
                     Instant startedUtc) {
}
