package org.dbuslab.analysis.read;

import java.util.ArrayList;
import java.util.List;

/**
 * The rows of one raw file that were set aside rather than refusing the file: each with its line number and a short
 * reason, for the one warning that names and counts them. A hostile file's text never reaches the terminal whole:
 * reasons are cut short and stripped of control characters.
 */
public final class SetAsideRows {

    /** How many rows the warning names; the rest are counted. */
    static final int NAMED = 5;
    private static final int REASON_CHARS = 120;

    private final String file;
    private final List<String> named = new ArrayList<>();
    private long count;

    public SetAsideRows(String file) {
        this.file = file;
    }

    public void add(int line, String reason) {
        count++;
        if (named.size() < NAMED) {
            named.add("line " + line + " (" + printable(reason) + ")");
        }
    }

    public long count() {
        return count;
    }

    /** "runs.csv: 2 row(s) set aside, 998 kept: line 6 (elapsed_ns is not a whole number: 'NaN'), line 9 (…)". */
    public String warning(long kept) {
        return file + ": " + count + " row(s) set aside, " + kept + " kept: " + details();
    }

    /** The refusal when no row was left: "runs.csv: no sound row (3 set aside: line 2 (…), …)". */
    public ResultsInputException nothingSound(String path) {
        return new ResultsInputException(path + ": no sound row (" + count + " set aside: " + details() + ")");
    }

    private String details() {
        return String.join(", ", named) + (count > named.size() ? " and " + (count - named.size()) + " more" : "");
    }

    private static String printable(String reason) {
        String text = reason == null ? "unreadable" : reason;
        StringBuilder out = new StringBuilder();
        text.codePoints().limit(REASON_CHARS).forEach(c -> out.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return text.codePointCount(0, text.length()) > REASON_CHARS ? out + "…" : out.toString();
    }
}
