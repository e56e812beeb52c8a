package org.dbuslab.analysis;

/** What happened to a cell between a base session and a new one, judged on µs per call. */
enum Change {
    IMPROVED("improved"), REGRESSED("regressed"), NO_CHANGE("no change");

    private final String text;

    Change(String text) {
        this.text = text;
    }

    String text() {
        return text;
    }
}
