package org.dbuslab.analysis.model;

/** One point of a latency percentile curve: {@code percentile} % of the calls took at most {@code valueUs}. */
public record PercentilePoint(double percentile, double valueUs) {
}
