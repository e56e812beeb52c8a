package org.dbuslab.runner.options;

/** --placement: where the scheduler may put the processes (recorded in environment.json). */
public enum Placement {
    /** No affinity set: the scheduler decides (the default). */
    FREE("free"),
    /** Client, bus and server all on one CPU. */
    SAME_CPU("same-cpu"),
    /** The client on one CPU, the bus and the server on the other. */
    SPLIT("split");

    private final String label;

    Placement(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
