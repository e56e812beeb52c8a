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
     * @throws CallFailedException when the call could not be sent at all ({@link ConnectionLostException} when the
     *                             connection is gone)
     */
    PendingReply send(byte[] payload) throws CallFailedException;

    /**
     * A send that cannot hand its bytes to the socket for {@code timeoutNanos} (the peer stopped reading) gives up
     * and closes the connection: a call whose send waited that long has no reply in time anyway, and a half-written
     * message leaves nothing else to do. Paths that never block in a send ignore it.
     */
    default void limitBlockedSends(long timeoutNanos) {
    }

    /** Why the connection is gone (closed, end of stream, abandoned), or null while it is open. */
    default String lostReason() {
        return null;
    }

    /** Gives up on the connection: closes it so nothing more waits on it; later sends fail as lost. */
    default void abandon(String why) {
        close();
    }

    /** Which thread reads the replies, and how it waits (dbus-java's own path: its reader thread). */
    default ReplyReading replyReading() {
        return ReplyReading.READER_THREAD;
    }

    /** Closes the connection; never throws. */
    @Override
    void close();
}
