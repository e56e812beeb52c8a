package org.dbuslab.format;

/**
 * The over-limit check's words, shared by the runner that runs and judges it in the session and the analysis that
 * judges it again from the data: runs.csv's expected error, and notes.tsv's topic and outcomes.
 */
public final class OverLimit {

    /** runs.csv's expected column of the check's rows: the D-Bus error a bus over its limit replies with. */
    public static final String EXPECTED_ERROR = "LimitsExceeded";
    /** notes.tsv's topic of the check's verdict. */
    public static final String TOPIC = "over-limit";
    public static final String AS_EXPECTED = "as-expected";
    public static final String UNEXPECTED = "unexpected";
    /** A note that is no verdict (e.g. why a bus was not checked). */
    public static final String INFO = "info";

    private OverLimit() {
    }
}
