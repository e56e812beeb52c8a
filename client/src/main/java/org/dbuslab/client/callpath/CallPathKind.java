package org.dbuslab.client.callpath;

/** Which implementation carries the calls; both verify the same way, only the cost differs. */
public enum CallPathKind {
    /** The lab's lean path: direct write from the caller, reply taken off the reader thread. */
    LEAN,
    /** dbus-java's message API end to end: sender thread, pending-call table, reply dispatch. */
    DBUS_JAVA;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
