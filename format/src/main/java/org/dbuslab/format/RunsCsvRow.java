package org.dbuslab.format;

import java.time.Instant;

/**
 * One line of runs.csv (see {@link RunsCsv}): what was asked, and how the run went. Required: the contract
 * columns. Optional (null when absent or empty): everything else. {@code latencyLog} is the HdrHistogram log
 * holding the run's per-call latencies (relative to the CSV's folder) and {@code latencyTag} its interval's tag;
 * {@code jitMillis} is how long the JIT compiled during the run (null: the JVM does not say); {@code round} is the
 * block the run was made in; the {@code cpu*Nanos} are the CPU time each component used during the run;
 * {@code placement} is the {@link Placement} label of the CPUs the run's processes were pinned to;
 * {@code cpuPathNanos} the CPU time of the program on a real-world path's route (xdg-dbus-proxy,
 * systemd-stdio-bridge), null for a direct connection; {@code allocClientBytes} and {@code allocServerBytes} the bytes
 * the client's and the server's JVM threads allocated during the run, null where that side is not a JVM of the lab.
 */
public record RunsCsvRow(String transport, String mode, int payloadBytes, int window, int calls, int run,
                         long elapsedNanos, long lost, long mismatched, long errors,
                         String phase, String method, Instant startedUtc, String latencyLog, String latencyTag,
                         Long jitMillis,
                         Integer round, String pair, Boolean reference, String series, Long fixedNanos, String expected,
                         Long cpuClientNanos, Long cpuBusNanos, Long cpuServerNanos, String placement,
                         Long cpuPathNanos, Long allocClientBytes, Long allocServerBytes) {

    /** A row without the allocation columns (as runs.csv had them before). */
    public RunsCsvRow(String transport, String mode, int payloadBytes, int window, int calls, int run,
                      long elapsedNanos, long lost, long mismatched, long errors,
                      String phase, String method, Instant startedUtc, String latencyLog, String latencyTag,
                      Long jitMillis,
                      Integer round, String pair, Boolean reference, String series, Long fixedNanos, String expected,
                      Long cpuClientNanos, Long cpuBusNanos, Long cpuServerNanos, String placement,
                      Long cpuPathNanos) {
        this(transport, mode, payloadBytes, window, calls, run, elapsedNanos, lost, mismatched, errors, phase, method,
            startedUtc, latencyLog, latencyTag, jitMillis, round, pair, reference, series, fixedNanos, expected,
            cpuClientNanos, cpuBusNanos, cpuServerNanos, placement, cpuPathNanos, null, null);
    }

    /** A row with the client's columns only. */
    public static RunsCsvRow ofClient(String transport, String mode, int payloadBytes, int window, int calls, int run,
                                      long elapsedNanos, long lost, long mismatched, long errors, String phase,
                                      String method, Instant startedUtc, String latencyLog, String latencyTag,
                                      Long jitMillis) {
        return new RunsCsvRow(transport, mode, payloadBytes, window, calls, run, elapsedNanos, lost, mismatched,
            errors, phase, method, startedUtc, latencyLog, latencyTag, jitMillis,
            null, null, null, null, null, null, null, null, null, null, null);
    }

    /** This row with the session's columns about its cell set. */
    public RunsCsvRow withLab(Integer round, String pair, Boolean reference, String series, Long fixedNanos,
                              String expected) {
        return new RunsCsvRow(transport, mode, payloadBytes, window, calls, run, elapsedNanos, lost, mismatched,
            errors, phase, method, startedUtc, latencyLog, latencyTag, jitMillis,
            round, pair, reference, series, fixedNanos, expected, cpuClientNanos, cpuBusNanos, cpuServerNanos, placement,
            cpuPathNanos, allocClientBytes, allocServerBytes);
    }

    /** This row with the CPU time of client, bus and server during the run set (null: not measured). */
    public RunsCsvRow withCpu(Long clientNanos, Long busNanos, Long serverNanos) {
        return new RunsCsvRow(transport, mode, payloadBytes, window, calls, run, elapsedNanos, lost, mismatched,
            errors, phase, method, startedUtc, latencyLog, latencyTag, jitMillis,
            round, pair, reference, series, fixedNanos, expected, clientNanos, busNanos, serverNanos, placement,
            cpuPathNanos, allocClientBytes, allocServerBytes);
    }

    /** This row with the CPU time of the route's program (proxy, bridge) during the run (null: none). */
    public RunsCsvRow withPathCpu(Long pathNanos) {
        return new RunsCsvRow(transport, mode, payloadBytes, window, calls, run, elapsedNanos, lost, mismatched,
            errors, phase, method, startedUtc, latencyLog, latencyTag, jitMillis,
            round, pair, reference, series, fixedNanos, expected, cpuClientNanos, cpuBusNanos, cpuServerNanos, placement,
            pathNanos, allocClientBytes, allocServerBytes);
    }

    /** This row with the CPU placement its run was made under (a {@link Placement} label; null: not recorded). */
    public RunsCsvRow withPlacement(String placementLabel) {
        return new RunsCsvRow(transport, mode, payloadBytes, window, calls, run, elapsedNanos, lost, mismatched,
            errors, phase, method, startedUtc, latencyLog, latencyTag, jitMillis,
            round, pair, reference, series, fixedNanos, expected, cpuClientNanos, cpuBusNanos, cpuServerNanos,
            placementLabel, cpuPathNanos, allocClientBytes, allocServerBytes);
    }

    /**
     * This row with the bytes the client's and the server's JVM threads allocated during the run (null: that side is
     * not a JVM of the lab, or did not say).
     */
    public RunsCsvRow withAlloc(Long clientBytes, Long serverBytes) {
        return new RunsCsvRow(transport, mode, payloadBytes, window, calls, run, elapsedNanos, lost, mismatched,
            errors, phase, method, startedUtc, latencyLog, latencyTag, jitMillis,
            round, pair, reference, series, fixedNanos, expected, cpuClientNanos, cpuBusNanos, cpuServerNanos,
            placement, cpuPathNanos, clientBytes, serverBytes);
    }
}
