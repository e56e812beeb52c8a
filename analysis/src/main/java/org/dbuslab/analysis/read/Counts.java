package org.dbuslab.analysis.read;

/** Calls that went wrong: any non-zero count makes the timings of a cell suspect. */
public record Counts(long lost, long mismatched, long errors) {

    public static final Counts ZERO = new Counts(0, 0, 0);

    public Counts plus(Counts other) {
        return new Counts(lost + other.lost, mismatched + other.mismatched, errors + other.errors);
    }

    public boolean isClean() {
        return lost == 0 && mismatched == 0 && errors == 0;
    }

    /** "lost 3, mismatched 0, errors 1" */
    public String describe() {
        return "lost " + lost + ", mismatched " + mismatched + ", errors " + errors;
    }
}
