package org.dbuslab.analysis.read;

import org.dbuslab.format.Phase;

import java.time.Instant;

/**
 * One row of runs.csv: one client run of {@code key.calls()} calls.
 *
 * @param startedUtc when the run started; null when runs.csv has no readable started_utc
 * @param latency    where the run's per-call latency histogram is; null when none was recorded
 * @param fixedNs    for spam rows timed from outside: the start-up-plus-one-call cost measured in the same round;
 *                   null when runs.csv has none for this row
 * @param expected   the outcome the row is meant to have when it is not a clean run (e.g. LimitsExceeded); "" if none
 * @param jitMs      how long the client's JIT compiled during the run; null when runs.csv does not say (libdbus rows,
 *                   older sessions)
 * @param block      the block (runs.csv's {@code round}) the run was made in; null when runs.csv has none
 * @param cpu        the CPU time of client, bus, server and a real-world path's program during the run; {@link CpuNs#NONE}
 *                   when not measured
 * @param alloc      the bytes the client's and the server's JVM threads allocated during the run; {@link AllocBytes#NONE}
 *                   when neither side says
 * @param hostSlowed whether host-speed.tsv shows the host slowed the half of its block (its block and placement) the run
 *                   was made in: a measured run so marked is left out of every figure, as a redone one ({@link #measured})
 */
public record RunRecord(CellKey key, int run, long elapsedNs, Counts counts, Phase phase, Instant startedUtc,
                 LatencyRef latency, Long fixedNs, String expected, Long jitMs, Integer block, CpuNs cpu,
                 AllocBytes alloc, boolean hostSlowed) {

    private static final double NS_PER_US = 1e3;

    public RunRecord(CellKey key, int run, long elapsedNs, Counts counts, Phase phase, Instant startedUtc,
              LatencyRef latency, Long fixedNs, String expected, Long jitMs, Integer block, CpuNs cpu, AllocBytes alloc) {
        this(key, run, elapsedNs, counts, phase, startedUtc, latency, fixedNs, expected, jitMs, block, cpu, alloc, false);
    }

    public RunRecord(CellKey key, int run, long elapsedNs, Counts counts, Phase phase, Instant startedUtc,
              LatencyRef latency, Long fixedNs, String expected, Long jitMs, Integer block, CpuNs cpu) {
        this(key, run, elapsedNs, counts, phase, startedUtc, latency, fixedNs, expected, jitMs, block, cpu, AllocBytes.NONE);
    }

    public RunRecord(CellKey key, int run, long elapsedNs, Counts counts, Phase phase) {
        this(key, run, elapsedNs, counts, phase, null, null);
    }

    public RunRecord(CellKey key, int run, long elapsedNs, Counts counts, Phase phase, Instant startedUtc, LatencyRef latency) {
        this(key, run, elapsedNs, counts, phase, startedUtc, latency, null, "", null, null, CpuNs.NONE);
    }

    public RunRecord(CellKey key, int run, long elapsedNs, Counts counts, Phase phase, Instant startedUtc, LatencyRef latency,
              Long fixedNs, String expected, Long jitMs) {
        this(key, run, elapsedNs, counts, phase, startedUtc, latency, fixedNs, expected, jitMs, null, CpuNs.NONE);
    }

    /** The same run without its block: an older folder's round that held several runs of the cell (RunsCsvReader). */
    public RunRecord withoutBlock() {
        return new RunRecord(key, run, elapsedNs, counts, phase, startedUtc, latency, fixedNs, expected, jitMs, null, cpu, alloc,
                hostSlowed);
    }

    public RunRecord withKey(CellKey other) {
        return new RunRecord(other, run, elapsedNs, counts, phase, startedUtc, latency, fixedNs, expected, jitMs, block, cpu,
                alloc, hostSlowed);
    }

    /** The same run, marked as made while the host slowed its half (see {@link #hostSlowed}). */
    public RunRecord withHostSlowed() {
        return new RunRecord(key, run, elapsedNs, counts, phase, startedUtc, latency, fixedNs, expected, jitMs, block, cpu,
                alloc, true);
    }

    /** A measured run that counts: phase measure, and not set aside for a slowed host. */
    public boolean measured() {
        return phase == Phase.MEASURE && !hostSlowed;
    }

    /** A measured run set aside because the host slowed its half: in runs.csv as measure, in no figure. */
    public boolean setAsideForHostSpeed() {
        return phase == Phase.MEASURE && hostSlowed;
    }

    /** A warm-up run; a run made again (phase redone) is neither this nor measured. */
    public boolean warmup() {
        return phase == Phase.WARMUP;
    }

    /** Whether the per-call time is (elapsed − fixed) / (calls − 1) rather than elapsed / calls. */
    public boolean fixedCostCorrected() {
        return fixedNs != null && key.calls() > 1;
    }

    /** A run timed from outside whose fixed cost is unknown: its elapsed / calls includes start-up and connecting. */
    public boolean fixedCostMissing() {
        return key.externallyTimed() && !fixedCostCorrected();
    }

    /**
     * What one call cost on average in this run: run time / calls, or for a spam row with a fixed cost
     * (elapsed_ns − fixed_ns) / (calls − 1), which removes process start, connecting and the first call.
     */
    public double usPerCall() {
        if (fixedCostCorrected()) {
            return (elapsedNs - fixedNs) / NS_PER_US / (key.calls() - 1);
        }
        return elapsedNs / NS_PER_US / key.calls();
    }

    /**
     * A component's CPU µs per call in this run: cpu_ns / calls. For spam rows timed from outside this includes the
     * spam process's start-up and connecting (the fixed cost's CPU is not recorded), spread over the run's calls.
     * NaN when the component was not measured.
     */
    public double cpuUsPerCall(Long cpuNs) {
        return cpuNs == null ? Double.NaN : cpuNs / NS_PER_US / key.calls();
    }
}
