package org.dbuslab.analysis.read;

/**
 * Bytes the client's and the server's JVM threads allocated on the heap during a run, as runs.csv's
 * {@code alloc_client_bytes} and {@code alloc_server_bytes} give them; null where that side is not a JVM of the lab
 * (libdbus, GLib, sd-bus), did not say, or the folder predates the columns.
 */
public record AllocBytes(Long client, Long server) {

    public static final AllocBytes NONE = new AllocBytes(null, null);

    /** NONE for two nulls, so the rows of older folders (and C-only cells) share one instance. */
    public static AllocBytes of(Long client, Long server) {
        return client == null && server == null ? NONE : new AllocBytes(client, server);
    }

    public boolean any() {
        return client != null || server != null;
    }
}
