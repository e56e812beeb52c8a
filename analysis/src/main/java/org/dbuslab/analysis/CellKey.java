package org.dbuslab.analysis;

/** What makes runs comparable: same transport, mode, payload, window and calls per run. */
record CellKey(String transport, String mode, int payloadBytes, int window, int calls) {

    /** "sync 1000 B window 1 calls 10000": the cell without its transport. */
    String shape() {
        return mode + " " + payloadBytes + " B window " + window + " calls " + calls;
    }

    /** How a cell is named in warnings: "dbus-broker sync 1000 B window 1 calls 10000". */
    String label() {
        return transport + " " + shape();
    }
}
