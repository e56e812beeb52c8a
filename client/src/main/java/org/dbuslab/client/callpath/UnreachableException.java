package org.dbuslab.client.callpath;

/** The address, the bus or the echo server cannot be reached; the message is one line for the user. */
public class UnreachableException extends Exception {
    public UnreachableException(String message) {
        super(message);
    }
}
