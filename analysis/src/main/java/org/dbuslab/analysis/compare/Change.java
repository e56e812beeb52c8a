package org.dbuslab.analysis.compare;

/** What happened to a cell between a base session and a new one, judged on µs per call. */
public enum Change {
    IMPROVED("improved"), REGRESSED("regressed"), NO_CHANGE("no change");

    private final String text;

    Change(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }
}
