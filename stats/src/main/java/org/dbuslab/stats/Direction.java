package org.dbuslab.stats;

/** Which way a candidate sample differs from its baseline, if it demonstrably does. */
public enum Direction {
    /** The candidate's values are lower: for times, faster. */
    LOWER,
    /** The candidate's values are higher: for times, slower. */
    HIGHER,
    /** The data cannot tell the two apart at the chosen significance level. */
    NOT_SIGNIFICANT
}
