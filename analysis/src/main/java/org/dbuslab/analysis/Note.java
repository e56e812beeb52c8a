package org.dbuslab.analysis;

/**
 * One line of notes.tsv: the lab's verdict on a check with an expected outcome.
 *
 * @param topic   e.g. "over-limit"
 * @param outcome "as-expected", "unexpected" or "info"
 */
record Note(String topic, String outcome, String text) {

    static final String OVER_LIMIT = "over-limit";
    static final String AS_EXPECTED = "as-expected";
    static final String UNEXPECTED = "unexpected";
    static final String INFO = "info";

    boolean verdict() {
        return outcome.equals(AS_EXPECTED) || outcome.equals(UNEXPECTED);
    }
}
