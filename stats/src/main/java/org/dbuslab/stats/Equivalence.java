package org.dbuslab.stats;

/**
 * Equivalence of a candidate and a baseline by two one-sided tests (TOST, Schuirmann 1987) on their ratio: at level α
 * the two are equivalent within ±M% when the ratio's (1 − 2α) confidence interval lies within [1 − M/100, 1 + M/100]
 * (at α = 0.05, the 90% interval). Either one-sided test then rejects "the ratio is beyond that bound" at α. It is
 * the positive counterpart of "no significant difference", which a merely wide interval also gives.
 *
 * @param marginPct     M, the margin in % of the baseline
 * @param ratioInterval the (1 − 2α) interval of the ratio the test used
 * @param equivalent    whether that interval lies within the margin (bounds included)
 */
public record Equivalence(double marginPct, Interval ratioInterval, boolean equivalent) {

    public static final double DEFAULT_MARGIN_PCT = 5.0;
    /** No interval to test (a single run): never equivalent. */
    public static final Equivalence UNTESTED = new Equivalence(Double.NaN, Interval.UNDEFINED, false);

    public Equivalence {
        if (!Double.isNaN(marginPct) && !(marginPct > 0 && marginPct < 100)) {
            throw new IllegalArgumentException("the equivalence margin must be above 0% and below 100%, not " + marginPct + "%");
        }
    }

    /** The confidence of the interval TOST at level alpha needs: 1 − 2α. */
    public static double confidence(double alpha) {
        return 1 - 2 * alpha;
    }

    /** @param ratioInterval the ratio's (1 − 2α) interval, see {@link #confidence} */
    public static Equivalence tost(Interval ratioInterval, double marginPct) {
        double margin = marginPct / 100;
        boolean within = ratioInterval.isDefined() && ratioInterval.low() >= 1 - margin && ratioInterval.high() <= 1 + margin;
        return new Equivalence(marginPct, ratioInterval, within);
    }
}
