package org.dbuslab.analysis;

import org.dbuslab.format.OverLimit;

/**
 * One line of notes.tsv: the lab's verdict on a check with an expected outcome.
 *
 * @param topic   e.g. "over-limit"
 * @param outcome "as-expected", "unexpected" or "info"
 */
record Note(String topic, String outcome, String text) {

    static final String OVER_LIMIT = OverLimit.TOPIC;
    static final String AS_EXPECTED = OverLimit.AS_EXPECTED;
    static final String UNEXPECTED = OverLimit.UNEXPECTED;
    static final String INFO = OverLimit.INFO;

    boolean verdict() {
        return outcome.equals(AS_EXPECTED) || outcome.equals(UNEXPECTED);
    }
}
