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

    /** The connection's reader hit end-of-file or an I/O error: nothing more will arrive. */
    default void connectionLost(java.io.IOException cause) {
    }
}
