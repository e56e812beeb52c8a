package org.dbuslab.lean;

/**
 * Why the call could not be made, as the one line the CLI prints on stderr. No stack trace is filled in: the message
 * is the whole report, and a CLI that fails should not pay for a walk of its stack either.
 */
final class Failure extends Exception {

    private static final long serialVersionUID = 1L;

    Failure(String message) {
        super(message, null, false, false);
    }
}
