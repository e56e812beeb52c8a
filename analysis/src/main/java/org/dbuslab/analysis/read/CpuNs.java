package org.dbuslab.analysis.read;

/**
 * CPU time (user + sys, all threads, ns) each process of a run used during it, as runs.csv's {@code cpu_client_ns},
 * {@code cpu_bus_ns}, {@code cpu_server_ns} and {@code cpu_path_ns} give it; null where not measured (older folders, a
 * process that vanished). {@code path} is the program on a real-world path's route (xdg-dbus-proxy, the run's
 * systemd-stdio-bridge processes): null for every direct connection.
 */
public record CpuNs(Long client, Long bus, Long server, Long path) {

    public static final CpuNs NONE = new CpuNs(null, null, null, null);

    /** A run without a program on its route. */
    public CpuNs(Long client, Long bus, Long server) {
        this(client, bus, server, null);
    }

    public boolean any() {
        return client != null || bus != null || server != null || path != null;
    }
}
