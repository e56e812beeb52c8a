package org.dbuslab.stats;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.apache.commons.math3.stat.descriptive.rank.Max;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.stat.descriptive.rank.Min;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/**
 * Descriptive statistics of a small sample (elapsed seconds of the runs of one cell). Pure computation.
 * Undefined values are NaN: everything for n = 0; standard deviation and confidence interval for n = 1.
 *
 * <ul>
 *   <li>median: R-7 estimation (Hyndman &amp; Fan type 7, numpy's default "linear"), which for p = 50
 *       is the middle value, or the average of the two middle values for even n;</li>
 *   <li>stddev: sample standard deviation, divisor n - 1 (numpy {@code std(ddof=1)});</li>
 *   <li>ci95: Student-t interval of the mean, mean ± t(0.975, n - 1) · stddev / √n
 *       (scipy {@code stats.t.interval(0.95, n-1, loc=mean, scale=sem)}).</li>
 * </ul>
 */
public record SampleStatistics(int n, double mean, double median, double stddev, double min, double max,
                        double ci95Low, double ci95High) {

    public static final double CONFIDENCE = 0.95;

    public static SampleStatistics of(double[] values) {
        int n = values.length;
        if (n == 0) {
            return new SampleStatistics(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double mean = new Mean().evaluate(values);
        double median = new Median().withEstimationType(EstimationType.R_7).evaluate(values);
        double min = new Min().evaluate(values);
        double max = new Max().evaluate(values);
        if (n == 1) {
            // commons-math would report a standard deviation of 0 here; with one run the spread is unknown, not zero.
            return new SampleStatistics(1, mean, median, Double.NaN, min, max, Double.NaN, Double.NaN);
        }
        double stddev = new StandardDeviation(true).evaluate(values, mean);
        // Tighter than the default 1e-9 inversion accuracy, so the quantile agrees with scipy to ~1e-12.
        double t = new TDistribution(n - 1, 1e-12).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        double halfWidth = t * stddev / Math.sqrt(n);
        return new SampleStatistics(n, mean, median, stddev, min, max, mean - halfWidth, mean + halfWidth);
    }
}
