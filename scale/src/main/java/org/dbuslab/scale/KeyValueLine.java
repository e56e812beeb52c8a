package org.dbuslab.scale;

import java.util.Locale;

/**
 * One machine-readable result line: space-separated {@code key=value} fields in a fixed order. Values never
 * contain a space, '=' or a line break: those (and '%') are percent-encoded, so a problem text stays one field.
 */
public final class KeyValueLine {

    private final StringBuilder text = new StringBuilder();

    public KeyValueLine put(String key, Object value) {
        if (text.length() > 0) {
            text.append(' ');
        }
        text.append(key).append('=').append(encode(value == null ? "-" : String.valueOf(value)));
        return this;
    }

    /** A rate or an index, with enough digits and a locale-independent decimal point. */
    public KeyValueLine put(String key, double value, int decimals) {
        return put(key, String.format(Locale.ROOT, "%." + decimals + "f", value));
    }

    static String encode(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            if (c == ' ' || c == '=' || c == '%' || c == '\n' || c == '\r' || c == '\t') {
                out.append('%').append(String.format(Locale.ROOT, "%02X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
