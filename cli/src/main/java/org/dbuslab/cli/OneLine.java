package org.dbuslab.cli;

/** A throwable, or any message, as the one line an error line of the lab carries. */
public final class OneLine {

    private OneLine() {
    }

    /** The throwable's message, or what it is when it has none (a NullPointerException). */
    public static String message(Throwable e) {
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    /**
     * The message and those of its causes that say something new, joined by {@code ": "}: dbus-java wraps the
     * useful part ("Connection refused") two or three causes deep.
     */
    public static String withCauses(Throwable e) {
        StringBuilder text = new StringBuilder(message(e));
        for (Throwable cause = e.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            if (cause.getMessage() != null && !text.toString().contains(cause.getMessage())) {
                text.append(": ").append(cause.getMessage());
            }
        }
        return collapse(text.toString());
    }

    /** Line breaks, and the blanks around them, become one space. */
    public static String collapse(String message) {
        return String.valueOf(message).replaceAll("\\s*\\R\\s*", " ");
    }
}
