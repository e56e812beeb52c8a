package org.dbuslab.analysis.scenarios;

import java.util.Map;
import java.util.Optional;

/**
 * One strategy's property-read runs on one bus: times of the measured runs, message counts of the observed run.
 *
 * @param perReadUs median reads phase / reads per run, µs
 * @param count     the observed run's row (phase {@code count}); empty when there was none
 */
public record ReadsRow(String bus, String strategy, int runs, Distribution readsNs, Distribution setupNs,
                       Distribution totalNs, double perReadUs, Map<String, String> count) {

    /** A message count of the observed run, e.g. {@code msgs_total_sent}. */
    public Optional<Double> messages(String column) {
        return ScenarioTable.number(count, column);
    }
}
