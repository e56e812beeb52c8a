package org.dbuslab.format;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

/**
 * The one definition of runs.csv (docs/RESULTS-FORMAT.md): its columns in order, and the field rules. One row per
 * run, comma-separated, no quoting: a field must not contain a comma, a quote or a line break, so writers refuse
 * such values instead of escaping them. Rows are written by {@link RunsCsvWriter} and read through
 * {@link RunsCsvHeader}; the values of a row are a {@link RunsCsvRow}.
 *
 * <p>A client's own {@code --csv} has the {@link #CLIENT_COLUMNS}; the session runner adds the {@link #LAB_COLUMNS},
 * the {@link #CPU_COLUMNS}, the {@link #PLACEMENT_COLUMNS}, the {@link #PATH_CPU_COLUMNS} and the
 * {@link #ALLOC_COLUMNS}. Older results folders have 16, 22, 25, 26 or 27 columns, and readers find columns by name.
 */
public final class RunsCsv {

    public static final String FILE = "runs.csv";

    /** The columns every reader needs; the rest are optional. */
    public static final List<String> CONTRACT_COLUMNS = List.of("transport", "mode", "payload_bytes", "window",
        "calls", "run", "elapsed_ns", "lost", "mismatched", "errors");

    /** What a client writes with --csv: the contract, then how and when the run was made. */
    public static final List<String> CLIENT_COLUMNS = concat(CONTRACT_COLUMNS,
        List.of("phase", "method", "started_utc", "latency_log", "latency_tag", "jit_ms"));

    /** What the session adds about the cell: its block (was: round), pair, series and spam's fixed cost. */
    public static final List<String> LAB_COLUMNS = List.of("round", "pair", "reference", "series", "fixed_ns",
        "expected");

    /** CPU time (user + sys, all threads, ns) each component used during the run. */
    public static final List<String> CPU_COLUMNS = List.of("cpu_client_ns", "cpu_bus_ns", "cpu_server_ns");

    /** The {@link Placement} label the run was made under (older folders: absent, see environment.json). */
    public static final List<String> PLACEMENT_COLUMNS = List.of("placement");

    /** CPU time of the program on a real-world path's route (xdg-dbus-proxy, systemd-stdio-bridge), empty if none. */
    public static final List<String> PATH_CPU_COLUMNS = List.of("cpu_path_ns");

    /**
     * Bytes the client's and the server's JVM threads allocated on the heap during the run; empty where that side is
     * not a JVM of the lab (libdbus, GLib, sd-bus) or did not say.
     */
    public static final List<String> ALLOC_COLUMNS = List.of("alloc_client_bytes", "alloc_server_bytes");

    /** Every column a session's runs.csv has, in order. */
    public static final List<String> COLUMNS = concat(CLIENT_COLUMNS,
        concat(LAB_COLUMNS, concat(CPU_COLUMNS, concat(PLACEMENT_COLUMNS, concat(PATH_CPU_COLUMNS, ALLOC_COLUMNS)))));

    public static final String PHASE_WARMUP = "warmup";
    public static final String PHASE_MEASURE = "measure";

    /**
     * The method of a libdbus spam row whose client timed its calls itself (libdbus-spam --print-elapsed): elapsed_ns is
     * first send to last reply, as for the lab's other clients, and fixed_ns is empty. A {@code spam} row's libdbus
     * client was timed from outside, start-up and exit included: in folders before 2026-12-07, with a fixed_ns to be
     * subtracted, and since then only a run that ended without printing its calls' time (its cell then fails).
     */
    public static final String METHOD_SPAM_TIMED = "spam-timed";

    private RunsCsv() {
    }

    /** The header line (no line break) of a file with {@code columns}. */
    public static String header(List<String> columns) {
        return String.join(",", columns);
    }

    /**
     * The row's values for the first {@code width} columns of {@link #COLUMNS}, as one line without its line
     * break. Absent optional values are empty fields.
     *
     * @throws IllegalArgumentException when a text value would break the CSV
     */
    public static String format(RunsCsvRow row, int width) {
        if (width < CLIENT_COLUMNS.size() || width > COLUMNS.size()) {
            throw new IllegalArgumentException("runs.csv has " + CLIENT_COLUMNS.size() + " to " + COLUMNS.size()
                + " columns, not " + width);
        }
        List<String> values = new ArrayList<>(COLUMNS.size());
        values.add(field("transport", row.transport()));
        values.add(field("mode", row.mode()));
        values.add(Integer.toString(row.payloadBytes()));
        values.add(Integer.toString(row.window()));
        values.add(Integer.toString(row.calls()));
        values.add(Integer.toString(row.run()));
        values.add(Long.toString(row.elapsedNanos()));
        values.add(Long.toString(row.lost()));
        values.add(Long.toString(row.mismatched()));
        values.add(Long.toString(row.errors()));
        values.add(field("phase", row.phase()));
        values.add(field("method", row.method()));
        values.add(row.startedUtc() == null ? "" : row.startedUtc().toString());
        values.add(field("latency_log", row.latencyLog()));
        values.add(field("latency_tag", row.latencyTag()));
        values.add(number(row.jitMillis()));
        values.add(number(row.round()));
        values.add(field("pair", row.pair()));
        values.add(row.reference() == null ? "" : row.reference().toString());
        values.add(field("series", row.series()));
        values.add(number(row.fixedNanos()));
        values.add(field("expected", row.expected()));
        values.add(number(row.cpuClientNanos()));
        values.add(number(row.cpuBusNanos()));
        values.add(number(row.cpuServerNanos()));
        values.add(field("placement", row.placement()));
        values.add(number(row.cpuPathNanos()));
        values.add(number(row.allocClientBytes()));
        values.add(number(row.allocServerBytes()));
        return String.join(",", values.subList(0, width));
    }

    /**
     * A text value as a field: empty for null; labels and paths come from users, so one that would break the CSV
     * is refused.
     */
    public static String field(String column, String value) {
        if (value == null) {
            return "";
        }
        if (value.indexOf(',') >= 0 || value.indexOf('"') >= 0 || value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("runs.csv field " + column
                + " must not contain commas, quotes or line breaks: " + value);
        }
        return value;
    }

    private static String number(Number value) {
        return value == null ? "" : value.toString();
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return Collections.unmodifiableList(Stream.concat(a.stream(), b.stream()).toList());
    }
}
