package org.dbuslab.client.run;

/** How one call ended after its reply was checked. */
public enum Verdict {
    /** The reply carried exactly the bytes sent. */
    OK,
    /** No reply within the timeout. */
    LOST,
    /** A reply came, but its bytes differ from what this call sent. */
    MISMATCHED,
    /** A D-Bus error reply, or the call could not be sent. */
    ERROR
}
