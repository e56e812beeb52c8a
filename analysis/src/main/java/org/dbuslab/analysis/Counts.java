package org.dbuslab.analysis;

/** Calls that went wrong: any non-zero count makes the timings of a cell suspect. */
record Counts(long lost, long mismatched, long errors) {

    static final Counts ZERO = new Counts(0, 0, 0);

    Counts plus(Counts other) {
        return new Counts(lost + other.lost, mismatched + other.mismatched, errors + other.errors);
    }

    boolean isClean() {
        return lost == 0 && mismatched == 0 && errors == 0;
    }

    /** "lost 3, mismatched 0, errors 1" */
    String describe() {
        return "lost " + lost + ", mismatched " + mismatched + ", errors " + errors;
    }
}
