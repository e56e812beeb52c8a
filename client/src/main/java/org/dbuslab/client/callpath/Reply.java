package org.dbuslab.client.callpath;

/**
 * What came back for one call.
 *
 * @param status    returned, D-Bus error, or nothing within the timeout
 * @param payload   the decoded {@code ay} body when returned (may be null if the body had another shape)
 * @param errorName the D-Bus error name (or a short reason) when status is ERROR; when TIMED_OUT, why no reply can
 *                  come (the connection was lost), or null when it simply did not come in time
 */
public record Reply(Status status, byte[] payload, String errorName) {

    public enum Status { RETURNED, ERROR, TIMED_OUT }

    public static Reply returned(byte[] payload) {
        return new Reply(Status.RETURNED, payload, null);
    }

    public static Reply error(String errorName) {
        return new Reply(Status.ERROR, null, errorName);
    }

    public static Reply timedOut() {
        return new Reply(Status.TIMED_OUT, null, null);
    }

    /** No reply, and none can come: the connection is gone ({@code why} says how). */
    public static Reply lost(String why) {
        return new Reply(Status.TIMED_OUT, null, why);
    }
}
