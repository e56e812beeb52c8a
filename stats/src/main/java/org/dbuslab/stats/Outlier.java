package org.dbuslab.stats;

/** Where a value lies relative to Tukey's fences: mild beyond 1.5 × IQR, severe beyond 3 × IQR. */
public enum Outlier {
    LOW_SEVERE, LOW_MILD, NONE, HIGH_MILD, HIGH_SEVERE
}
