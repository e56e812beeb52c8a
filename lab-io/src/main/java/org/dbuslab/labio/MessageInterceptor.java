package org.dbuslab.labio;

import org.freedesktop.dbus.messages.Message;

/**
 * Looks at every message as soon as the connection's reader has parsed it, on dbus-java's reader thread.
 * Returning true means "handled here": dbus-java never sees the message, which saves its dispatch and thread
 * hand-offs. It must not block. It throws {@link MalformedMessageException} for a message that cannot be decoded:
 * the reader then ends the connection.
 */
@FunctionalInterface
public interface MessageInterceptor {
    boolean intercept(Message message);

    /**
     * Sees each whole message first, before dbus-java parses it: the {@code length} bytes at {@code start} of
     * {@code buffer}, the connection's receive buffer (read them with absolute gets, e.g. {@link
     * org.dbuslab.labio.frame.WireFrame}; never move its position or limit, never keep it). True means handled here:
     * the message is never parsed, and {@link #intercept(Message)} does not see it.
     */
    default boolean interceptFrame(java.nio.ByteBuffer buffer, int start, int length) {
        return false;
    }

    /** The connection's reader hit end-of-file or an I/O error: nothing more will arrive. */
    default void connectionLost(java.io.IOException cause) {
    }
}
