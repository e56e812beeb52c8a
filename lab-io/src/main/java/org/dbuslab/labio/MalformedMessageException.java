package org.dbuslab.labio;

/**
 * Thrown by a {@link MessageInterceptor} for a message that cannot be decoded: the peer broke the protocol, and
 * the connection's reader ends the connection for it (with this message as the reason).
 */
public final class MalformedMessageException extends RuntimeException {
    public MalformedMessageException(String message, Throwable cause) {
        super(message, cause);
    }
}
