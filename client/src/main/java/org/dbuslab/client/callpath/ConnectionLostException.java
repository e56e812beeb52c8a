package org.dbuslab.client.callpath;

/**
 * A call that could not be sent because the connection is gone or was abandoned: it got no reply, so it counts as
 * lost, not as an error reply.
 */
public class ConnectionLostException extends CallFailedException {
    public ConnectionLostException(String message, Throwable cause) {
        super(message, cause);
    }
}
