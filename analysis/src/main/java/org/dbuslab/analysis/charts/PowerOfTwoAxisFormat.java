package org.dbuslab.analysis.charts;

import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;

/**
 * Labels an axis of log2(x) with x itself: 0 → "1", 3 → "8", so a log2 axis can be a plain number axis whose
 * tick labels stay text (JFreeChart's LogAxis draws its labels as outlines in SVG). Non-integer exponents,
 * which the axis only uses between ticks, are rounded to 3 significant decimals.
 */
public final class PowerOfTwoAxisFormat extends NumberFormat {

    private static final long serialVersionUID = 1L;

    public static double position(double x) {
        return Math.log(x) / Math.log(2);
    }

    @Override
    public StringBuffer format(double exponent, StringBuffer toAppendTo, FieldPosition pos) {
        double value = Math.pow(2, exponent);
        String text = java.math.BigDecimal.valueOf(value).setScale(3, java.math.RoundingMode.HALF_EVEN)
                .stripTrailingZeros().toPlainString();
        return toAppendTo.append(text);
    }

    @Override
    public StringBuffer format(long exponent, StringBuffer toAppendTo, FieldPosition pos) {
        return format((double) exponent, toAppendTo, pos);
    }

    @Override
    public Number parse(String source, ParsePosition parsePosition) {
        throw new UnsupportedOperationException("labels only");
    }
}
