package org.dbuslab.analysis.report;

import org.dbuslab.stats.Direction;

/** The words for a comparison's direction when the values are times: lower is faster. */
public final class Verdicts {

    private Verdicts() {
    }

    public static String of(Direction direction) {
        return switch (direction) {
            case LOWER -> "faster";
            case HIGHER -> "slower";
            case NOT_SIGNIFICANT -> ComparisonText.NO_DIFFERENCE;
        };
    }
}
