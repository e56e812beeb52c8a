package org.dbuslab.analysis.model;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Number formatting for the human report: always Locale.ROOT ('.' decimals, no grouping) so a German or
 * French default locale cannot turn 1.25 into 1,25, and "n/a" for anything undefined.
 */
public final class Numbers {

    public static final String NOT_AVAILABLE = "n/a";
    /** A table cell with nothing to show. */
    public static final String ABSENT = "—";
    private static final int SECONDS_SIGNIFICANT_DIGITS = 5;

    private Numbers() {
    }

    /** Seconds with 5 significant digits, trailing zeros kept so columns line up in precision: 0.81790, 1.2568. */
    public static String seconds(double value) {
        if (!Double.isFinite(value)) {
            return NOT_AVAILABLE;
        }
        if (value == 0) {
            return "0";
        }
        int integerDigits = (int) Math.floor(Math.log10(Math.abs(value))) + 1;
        int scale = Math.max(SECONDS_SIGNIFICANT_DIGITS - integerDigits, 0);
        return BigDecimal.valueOf(value).setScale(scale, RoundingMode.HALF_EVEN).toPlainString();
    }

    /** Microseconds per call: one decimal is well below run-to-run noise. */
    public static String microseconds(double value) {
        return fixed(value, 1);
    }

    public static String perSecond(double value) {
        return fixed(value, 0);
    }

    public static String ratio(Double value) {
        return value == null ? NOT_AVAILABLE : fixed(value, 2);
    }

    /** Memory from kB as GiB, e.g. "15.6 GiB"; non-numeric values (such as "unknown") pass through. */
    public static String memoryFromKb(String kb) {
        try {
            return fixed(Long.parseLong(kb) / (1024.0 * 1024.0), 1) + " GiB";
        } catch (NumberFormatException e) {
            return kb;
        }
    }

    /** Microseconds with an explicit sign, minus as U+2212: "−16.2", "+3.0". */
    public static String signedMicroseconds(double value) {
        if (!Double.isFinite(value)) {
            return NOT_AVAILABLE;
        }
        String text = fixed(Math.abs(value), 1);
        return (value < 0 && !text.equals("0.0") ? "\u2212" : "+") + text;
    }

    /** A factor such as a speed-up: "1.28". */
    public static String factor(double value) {
        return fixed(value, 2);
    }

    /** "p < 0.001" or "p = 0.052": below a thousandth the exact value means nothing for a run-time test. */
    public static String pValue(double p) {
        if (!Double.isFinite(p)) {
            return "p n/a";
        }
        return p < 0.001 ? "p < 0.001" : "p = " + fixed(p, 3);
    }

    /** A share as percent with one decimal: "3.2 %". */
    public static String percent(double fraction) {
        return Double.isFinite(fraction) ? fixed(fraction * 100, 1) + " %" : NOT_AVAILABLE;
    }

    /**
     * A number for machine-read files (CSV): shortest exact decimal, never an exponent, '.' always;
     * empty for undefined, which CSV readers take as missing.
     */
    public static String plain(double value) {
        if (!Double.isFinite(value)) {
            return "";
        }
        String text = BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
        return text.equals("-0") ? "0" : text;
    }

    public static String fixed(double value, int decimals) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%." + decimals + "f", value) : NOT_AVAILABLE;
    }
}
