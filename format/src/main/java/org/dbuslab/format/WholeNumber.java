package org.dbuslab.format;

/**
 * The one parser of the whole-number columns of every results file: decimal digits with an optional '-', never a
 * '+', a fraction or a locale's grouping (Long.parseLong ignores the locale but would take a '+').
 */
public final class WholeNumber {

    private WholeNumber() {
    }

    /** @throws IllegalArgumentException naming the column: not a whole number, or below the minimum */
    public static long parse(String column, String text, long minimum) {
        long value;
        try {
            if (text.startsWith("+")) {
                throw new NumberFormatException();
            }
            value = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(column + " is not a whole number: '" + text + "'");
        }
        if (value < minimum) {
            throw new IllegalArgumentException(column + " must be at least " + minimum + ", got " + value);
        }
        return value;
    }

    /** As {@link #parse}, and also refused above Integer.MAX_VALUE. */
    public static int parseInt(String column, String text, int minimum) {
        return toInt(column, parse(column, text, minimum));
    }

    public static int toInt(String column, long value) {
        if (value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(column + " is too large: " + value);
        }
        return (int) value;
    }
}
