package org.dbuslab.client.callpath;

/** A call that could not even be sent (e.g. the connection is gone). Counted as an error, never dropped. */
public class CallFailedException extends Exception {
    public CallFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
