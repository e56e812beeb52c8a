package org.dbuslab.format;

import java.util.List;

/**
 * profiles/profiles.tsv: the index of the profiling pass (lab/run-all.sh --profile), one header line, one row per
 * profile file in profiles/ ({@link CollapsedStacks}). A cell (transport, pair, mode, payload, window) has one
 * {@code cpu} profile per process role that could be profiled (client, server, bus) and, for a JVM client, one
 * {@code wall} profile of its calling thread. The pass's runs are not measured runs: they are in no runs.csv row.
 *
 * @param file       the profile's file name in profiles/
 * @param role       client, server or bus
 * @param program    what ran in that role: the library for a client or server, the bus implementation for a bus
 * @param kind       cpu (CPU samples: where CPU time went) or wall (wall-clock samples of one thread: also waiting)
 * @param profiler   async-profiler or perf
 * @param event      the sampling event: cpu-clock (perf, and async-profiler's cpu), wall
 * @param intervalNs the sampling period in ns (of CPU time for cpu, of wall time for wall)
 * @param samples    samples in the file
 * @param wallNs     how long the profiler ran
 * @param cpuNs      CPU time (user + sys, all threads) the role's processes used meanwhile; -1 when unknown
 * @param calls      echo calls the cell's client made meanwhile
 * @param thread     the thread a wall profile keeps (the calling thread), or "" for every thread
 */
public final class ProfilesTsv extends TsvFormat<ProfilesTsv.Row> {

    public static final ProfilesTsv FORMAT = new ProfilesTsv();
    /** The folder, in the results folder, that holds the profiles and this index. */
    public static final String FOLDER = "profiles";
    public static final String CLIENT = "client";
    public static final String SERVER = "server";
    public static final String BUS = "bus";
    public static final List<String> ROLES = List.of(CLIENT, SERVER, BUS);
    public static final String CPU = "cpu";
    public static final String WALL = "wall";

    public record Row(String file, String transport, String pair, String mode, int payloadBytes, int window, String role,
                      String program, String kind, String profiler, String event, long intervalNs, long samples,
                      long wallNs, long cpuNs, long calls, String thread) {

        public Row {
            if (file.contains("/") || !file.endsWith(CollapsedStacks.EXTENSION)) {
                throw new IllegalArgumentException("a profile is a *" + CollapsedStacks.EXTENSION + " file in "
                    + FOLDER + "/: " + file);
            }
        }
    }

    private ProfilesTsv() {
        super("profiles.tsv", List.of("file", "transport", "pair", "mode", "payload_bytes", "window", "role", "program",
            "kind", "profiler", "event", "interval_ns", "samples", "wall_ns", "cpu_ns", "calls", "thread"), true);
    }

    /** The file name of one profile: CELL.ROLE.KIND.collapsed, CELL = transport.pairShortName.mode.payload. */
    public static String fileName(String transport, String pairShortName, String mode, int payloadBytes, String role,
                                  String kind) {
        return String.join(".", transport, pairShortName, mode, Integer.toString(payloadBytes), role, kind)
            + CollapsedStacks.EXTENSION;
    }

    @Override
    protected Object[] fields(Row r) {
        return new Object[] {r.file(), r.transport(), r.pair(), r.mode(), r.payloadBytes(), r.window(), r.role(),
            r.program(), r.kind(), r.profiler(), r.event(), r.intervalNs(), r.samples(), r.wallNs(), r.cpuNs(), r.calls(),
            r.thread()};
    }

    @Override
    protected Row row(Fields f) {
        String role = f.required(6);
        if (!ROLES.contains(role)) {
            throw f.error("role must be one of " + ROLES + ", found '" + role + "'");
        }
        String kind = f.required(8);
        if (!kind.equals(CPU) && !kind.equals(WALL)) {
            throw f.error("kind must be cpu or wall, found '" + kind + "'");
        }
        try {
            return new Row(f.required(0), f.required(1), f.required(2), f.required(3), f.integer(4, 0), f.integer(5, 1),
                role, f.required(7), kind, f.required(9), f.required(10), f.longValue(11, 1), f.longValue(12, 0),
                f.longValue(13, 0), f.longValue(14, -1), f.longValue(15, 0), f.text(16));
        } catch (IllegalArgumentException e) {
            if (e instanceof FormatException fe) {
                throw fe;
            }
            throw f.error(e.getMessage());
        }
    }
}
