package org.dbuslab.client.callpath;

/**
 * How one echo call travels: encoded, sent, and its reply matched and decoded. The measuring loop, the
 * verification and the recording only see this interface, so a leaner call path can replace dbus-java's
 * without touching them.
 */
public interface EchoCallPath extends AutoCloseable {

    /**
     * Sends one call carrying {@code payload} and returns at once; the reply is collected through the handle.
     *
     * @throws CallFailedException when the call could not be sent at all
     */
    PendingReply send(byte[] payload) throws CallFailedException;

    /** Which thread reads the replies, and how it waits (dbus-java's own path: its reader thread). */
    default ReplyReading replyReading() {
        return ReplyReading.READER_THREAD;
    }

    /** Why the connection cannot carry calls any more, or null while it can (a persistent client stops then). */
    default String lostReason() {
        return null;
    }

    /** Closes the connection; never throws. */
    @Override
    void close();
}
