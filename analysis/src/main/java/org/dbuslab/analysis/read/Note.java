package org.dbuslab.analysis.read;

import org.dbuslab.format.OverLimit;

/**
 * One line of notes.tsv: the lab's verdict on a check with an expected outcome.
 *
 * @param topic   e.g. "over-limit"
 * @param outcome "as-expected", "unexpected" or "info"
 */
public record Note(String topic, String outcome, String text) {

    public static final String OVER_LIMIT = OverLimit.TOPIC;
    public static final String AS_EXPECTED = OverLimit.AS_EXPECTED;
    public static final String UNEXPECTED = OverLimit.UNEXPECTED;
    public static final String INFO = OverLimit.INFO;

    public boolean verdict() {
        return outcome.equals(AS_EXPECTED) || outcome.equals(UNEXPECTED);
    }
}
