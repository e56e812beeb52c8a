package org.dbuslab.analysis.compare;

/**
 * What happened to a cell between a base session and a new one, judged on µs per call. TOO_FEW_RUNS: the exact test
 * could never reach alpha with these runs (3 against 3), so "no change" would read as a finding it is not.
 */
public enum Change {
    IMPROVED("improved"), REGRESSED("regressed"), NO_CHANGE("no change"), TOO_FEW_RUNS("too few runs to tell");

    private final String text;

    Change(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }
}
