package org.dbuslab.analysis.stats;

/**
 * A candidate sample against a baseline sample, e.g. the µs per call of each run of dbus-broker against
 * those of dbus-daemon.
 *
 * <p>A difference counts as significant only when both tests agree: the bootstrap interval of the ratio of
 * medians excludes 1 <em>and</em> the Mann-Whitney p-value is below alpha. Either alone is too eager with
 * the few runs a session has (the percentile bootstrap is too narrow for 3–5 values; the U test ignores how
 * large the difference is), and a report that says "faster" when it cannot tell does more harm than one
 * that says "no significant difference".
 *
 * @param ratioOfMedians      median(candidate) / median(baseline); below 1 means lower values
 * @param difference          median(candidate) − median(baseline), in the samples' unit
 */
public record SampleComparison(double ratioOfMedians, Interval ratioInterval, double difference,
                               Interval differenceInterval, MannWhitneyU.Result mannWhitney, double alpha) {

    public static final double DEFAULT_ALPHA = 0.05;

    public static SampleComparison of(double[] candidate, double[] baseline, Bootstrap bootstrap, double alpha) {
        if (candidate.length == 0 || baseline.length == 0) {
            throw new IllegalArgumentException("both samples need at least one value");
        }
        double candidateMedian = Quantiles.median(candidate);
        double baselineMedian = Quantiles.median(baseline);
        return new SampleComparison(
                candidateMedian / baselineMedian,
                bootstrap.ofRatioOfMedians(candidate, baseline),
                candidateMedian - baselineMedian,
                bootstrap.ofDifferenceOfMedians(candidate, baseline),
                MannWhitneyU.twoSided(candidate, baseline),
                alpha);
    }

    public boolean significant() {
        return ratioInterval.excludes(1.0) && mannWhitney.pValue() < alpha;
    }

    public Direction direction() {
        if (!significant()) {
            return Direction.NOT_SIGNIFICANT;
        }
        return ratioInterval.high() < 1.0 ? Direction.LOWER : Direction.HIGHER;
    }

    /**
     * Whether these sample sizes could ever reach significance with the exact U test; when not, the report
     * says "too few runs" rather than leaving the reader to think the transports perform the same.
     */
    public boolean tooFewRunsToTell(int candidateRuns, int baselineRuns) {
        return mannWhitney.method() == MannWhitneyU.Method.EXACT
                && MannWhitneyU.smallestExactPValue(candidateRuns, baselineRuns) >= alpha;
    }
}
