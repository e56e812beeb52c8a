package org.dbuslab.format;

/** A control-channel line that breaks {@link ControlProtocol}'s rules; the message says how, in one line. */
public final class ControlProtocolException extends IllegalArgumentException {

    public ControlProtocolException(String message) {
        super(message);
    }
}
