package org.dbuslab.stats;

/** How many values of a sample fall in each outlier class. Outliers are counted, never removed. */
public record OutlierCounts(int lowSevere, int lowMild, int highMild, int highSevere) {

    public static final OutlierCounts NONE = new OutlierCounts(0, 0, 0, 0);

    public int total() {
        return lowSevere + lowMild + highMild + highSevere;
    }

    OutlierCounts plus(Outlier outlier) {
        return switch (outlier) {
            case LOW_SEVERE -> new OutlierCounts(lowSevere + 1, lowMild, highMild, highSevere);
            case LOW_MILD -> new OutlierCounts(lowSevere, lowMild + 1, highMild, highSevere);
            case HIGH_MILD -> new OutlierCounts(lowSevere, lowMild, highMild + 1, highSevere);
            case HIGH_SEVERE -> new OutlierCounts(lowSevere, lowMild, highMild, highSevere + 1);
            case NONE -> this;
        };
    }
}
