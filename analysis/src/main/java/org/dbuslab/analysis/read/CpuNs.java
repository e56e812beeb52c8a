package org.dbuslab.analysis.read;

/**
 * CPU time (user + sys, all threads, ns) each process of a run used during it, as runs.csv's {@code cpu_client_ns},
 * {@code cpu_bus_ns} and {@code cpu_server_ns} give it; null where not measured (older folders, a process that vanished).
 */
public record CpuNs(Long client, Long bus, Long server) {

    public static final CpuNs NONE = new CpuNs(null, null, null);

    public boolean any() {
        return client != null || bus != null || server != null;
    }
}
