package org.dbuslab.analysis;

/** An option value that parses but does not fit the data, e.g. a baseline transport that has no runs: exit 2. */
public final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
