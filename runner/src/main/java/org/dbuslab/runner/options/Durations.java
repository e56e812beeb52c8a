package org.dbuslab.runner.options;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them on a command line (90s, 10m, 1h30m, 500ms; a bare number is seconds) and back. */
public final class Durations {

    private static final Pattern HMS = Pattern.compile("(?:(\\d{1,6})h)?(?:(\\d{1,6})m(?!s))?(?:(\\d{1,9})s)?(?:(\\d{1,9})ms)?");

    private Durations() {
    }

    /** The duration, or empty when the text is not one. */
    public static java.util.Optional<Duration> parse(String text) {
        if (text == null || text.isEmpty()) {
            return java.util.Optional.empty();
        }
        if (text.matches("\\d{1,9}")) {
            return java.util.Optional.of(Duration.ofSeconds(Long.parseLong(text)));
        }
        Matcher m = HMS.matcher(text);
        if (!m.matches()) {
            return java.util.Optional.empty();
        }
        Duration d = Duration.ZERO;
        d = d.plusHours(group(m, 1)).plusMinutes(group(m, 2)).plusSeconds(group(m, 3)).plusMillis(group(m, 4));
        return java.util.Optional.of(d);
    }

    private static long group(Matcher m, int i) {
        return m.group(i) == null ? 0 : Long.parseLong(m.group(i));
    }

    /** 1h02m03s / 4m05s / 6s (whole seconds, rounded down). */
    public static String format(Duration d) {
        long s = Math.max(0, d.getSeconds());
        if (s >= 3600) {
            return String.format("%dh%02dm%02ds", s / 3600, s % 3600 / 60, s % 60);
        }
        if (s >= 60) {
            return String.format("%dm%02ds", s / 60, s % 60);
        }
        return s + "s";
    }
}
