package org.dbuslab.analysis.charts;

import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;

/**
 * Labels a log axis of 1 / (1 − p) with the percentile p: 10 → "90%", 1000 → "99.9%". This is how
 * HdrHistogram plots stretch the tail, where latency problems live, across the chart.
 */
public final class PercentileAxisFormat extends NumberFormat {

    private static final long serialVersionUID = 1L;

    /** The axis position of a percentile (0–100). */
    public static double position(double percentile) {
        return 1 / (1 - percentile / 100);
    }

    @Override
    public StringBuffer format(double position, StringBuffer toAppendTo, FieldPosition pos) {
        double percentile = 100 * (1 - 1 / position);
        String text = java.math.BigDecimal.valueOf(percentile).setScale(6, java.math.RoundingMode.HALF_EVEN)
                .stripTrailingZeros().toPlainString();
        return toAppendTo.append(text).append('%');
    }

    @Override
    public StringBuffer format(long position, StringBuffer toAppendTo, FieldPosition pos) {
        return format((double) position, toAppendTo, pos);
    }

    @Override
    public Number parse(String source, ParsePosition parsePosition) {
        throw new UnsupportedOperationException("labels only");
    }
}
