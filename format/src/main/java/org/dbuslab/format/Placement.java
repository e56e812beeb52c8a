package org.dbuslab.format;


/** --placement: where the scheduler may put the processes (recorded in environment.json). */
public enum Placement {
    /** No affinity set: the scheduler decides (the default). */
    FREE,
    /** Client, bus and server all on one CPU. */
    SAME_CPU,
    /** The client on one CPU, the bus and the server on the other. */
    SPLIT;

    public String label() {
        return Labels.of(this);
    }

    @Override
    public String toString() {
        return label();
    }
}
