package org.dbuslab.analysis.read;

import java.util.List;
import java.util.Map;

/**
 * The words of runs.csv's {@code placement} column (docs/RESULTS-FORMAT.md), kept as text so a placement this version
 * does not know still reads. Older folders lack the column: their runs were all made under environment.json's
 * {@code placement}, whose older word {@code same-cpu} is today's {@code one-cpu}.
 */
public final class Placements {

    /** Client, bus and server on one CPU: the transport's CPU path, no cross-CPU wake-up. */
    public static final String ONE_CPU = "one-cpu";
    /** Every wake-up of a sync call crosses CPUs. */
    public static final String CROSS = "cross";
    public static final String SPLIT = "split";
    /** No affinity: where the scheduler put them. */
    public static final String FREE = "free";
    /** The order the reports list placements in. */
    public static final List<String> ORDER = List.of(ONE_CPU, CROSS, SPLIT, FREE);

    private static final Map<String, String> OLDER_WORDS = Map.of("same-cpu", ONE_CPU);

    private Placements() {
    }

    /** A recorded label in today's word; {@code fallback} when null or blank. */
    public static String normalize(String label, String fallback) {
        if (label == null || label.isBlank()) {
            return fallback;
        }
        String word = label.strip();
        return OLDER_WORDS.getOrDefault(word, word);
    }

    /** The placement of a folder's runs that do not name one: environment.json's, else free. */
    public static String sessionDefault(Environment environment) {
        Object value = environment.values().get("placement");
        return normalize(value == null || Environment.UNKNOWN.equals(value) ? null : String.valueOf(value), FREE);
    }
}
