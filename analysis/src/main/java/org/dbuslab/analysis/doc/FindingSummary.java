package org.dbuslab.analysis.doc;

/**
 * The one line a finding shows on report.html's first screen, its whole text folded beneath (issue 21: findings that
 * other issues add must not push the first chart off the screen). The line is the finding up to the end of its first
 * clause after its subject: the first ", ", "; " or " — " outside brackets that follows the first ": " outside brackets
 * ("dbus-broker against dbus-daemon (paired over ≥ 10 blocks): faster in 3 of 4 cells"). A finding without that shape
 * is shown whole; the stylesheet still cuts any line at the window's edge.
 */
public final class FindingSummary {

    private FindingSummary() {
    }

    public static String of(String text) {
        int depth = 0;
        boolean afterSubject = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(' || c == '[') {
                depth++;
            } else if ((c == ')' || c == ']') && depth > 0) {
                depth--;
            } else if (depth == 0 && text.startsWith(": ", i)) {
                afterSubject = true;
            } else if (depth == 0 && afterSubject && (text.startsWith(", ", i) || text.startsWith("; ", i) || text.startsWith(" — ", i))) {
                return text.substring(0, i);
            }
        }
        return text;
    }
}
