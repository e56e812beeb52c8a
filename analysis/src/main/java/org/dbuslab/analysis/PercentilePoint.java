package org.dbuslab.analysis;

/** One point of a latency percentile curve: {@code percentile} % of the calls took at most {@code valueUs}. */
record PercentilePoint(double percentile, double valueUs) {
}
