package org.dbuslab.analysis.scenarios;

import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

import java.util.Collection;

/** Median, spread and mean of a sample (R-7 percentiles, as numpy's default). NaN for an empty sample. */
public record Distribution(int n, double median, double p10, double p90, double min, double max, double mean) {

    public static Distribution of(Collection<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (v.length == 0) {
            return new Distribution(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        Percentile p = new Percentile().withEstimationType(EstimationType.R_7);
        p.setData(v);
        double mean = java.util.Arrays.stream(v).average().orElse(Double.NaN);
        return new Distribution(v.length, p.evaluate(50), p.evaluate(10), p.evaluate(90), v[0], v[v.length - 1], mean);
    }
}
