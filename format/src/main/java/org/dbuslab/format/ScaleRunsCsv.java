package org.dbuslab.format;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * scale-runs.csv: one row per run of the scale session ({@code lab/run-all.sh --scale}, issue 15), appended as each
 * run ends. Comma-separated, one header line, UTF-8, '.' as decimal point. A run belongs to one of three series:
 * <ul>
 *   <li>{@code clients}: N concurrent echo clients ({@code clients} = N), {@code count} = calls of all clients,
 *       {@code jain} = Jain's fairness index of the clients' calls/s;</li>
 *   <li>{@code signals}: one emitter, {@code subscribers} with a matching rule, {@code match_rules} non-matching
 *       rules held by {@code idle_connections}; {@code count} = signals delivered (summed over subscribers),
 *       {@code lost} = signals × subscribers − delivered; {@code duplicated}, {@code out_of_order} per subscriber;</li>
 *   <li>{@code distance}: one client, {@code count} = calls, by its {@code route}: {@code direct} (straight to the
 *       server on loopback, {@code delay_ms} 0), {@code relay} (through a delay relay of {@code delay_ms} one way on
 *       loopback; 0 = the relay with no delay, its own floor) or {@code netns} (the client in one network namespace,
 *       the bus or p2p server in another, joined by a veth pair: the same kernel and CPUs, a real IP path); raw-tcp
 *       rows check the relay itself.</li>
 * </ul>
 * {@code route} is the last column, added with the relay at D = 0 and the namespace cells: an older file (without
 * it) still reads, its distance rows {@code relay} when {@code delay_ms} is above 0, else {@code direct}; clients
 * and signals rows are always {@code direct}.
 * The rate of a run is {@code count / elapsed_ns}. {@code p50_ns}/{@code p99_ns}: per call (clients, distance) or
 * emit → receive (signals), HdrHistogram over the run; a distance run's come from its client's latency log
 * ({@link #distanceLatencyLog}, interval {@link #distanceLatencyTag}). Empty = not measured: {@code p50_ns}/{@code
 * p99_ns} of a run without a verified call or whose latency log could not be read, {@code jain} (every series but
 * clients), a {@code cpu_*_ns} whose process vanished or is not part of the run (cpu_bus_ns of a p2p run is 0: no
 * bus). {@code problem}: "-" or the first problem (commas and line breaks replaced).
 */
public final class ScaleRunsCsv {

    public static final String FILE = "scale-runs.csv";
    public static final List<String> SERIES = List.of("clients", "signals", "distance");
    /** How a distance run's client reaches its target (clients and signals rows: direct). */
    public static final String ROUTE_DIRECT = "direct";
    public static final String ROUTE_RELAY = "relay";
    public static final String ROUTE_NETNS = "netns";
    public static final List<String> ROUTES = List.of(ROUTE_DIRECT, ROUTE_RELAY, ROUTE_NETNS);
    /** The columns of files written before {@code route} was added (still read). */
    public static final List<String> OLDER_COLUMNS = List.of("series", "block", "phase", "run", "started_utc", "transport",
        "mode", "window", "payload_bytes", "clients", "subscribers", "match_rules", "idle_connections", "delay_ms",
        "count", "elapsed_ns", "lost", "mismatched", "duplicated", "out_of_order", "errors", "p50_ns", "p99_ns", "jain",
        "cpu_client_ns", "cpu_bus_ns", "cpu_server_ns", "cpu_relay_ns", "problem");
    public static final List<String> COLUMNS = java.util.stream.Stream.concat(OLDER_COLUMNS.stream(),
        java.util.stream.Stream.of("route")).toList();
    public static final String HEADER = String.join(",", COLUMNS);
    public static final String OLDER_HEADER = String.join(",", OLDER_COLUMNS);
    /** A long field that was not measured. */
    public static final long UNKNOWN = -1;

    /** The folder of the distance clients' logs, relative to the results folder. */
    public static final String DISTANCE_LOGS = "logs/distance";

    private ScaleRunsCsv() {
    }

    /**
     * The distance series' persistent client of (TRANSPORT, DELAY, MODE), as its logs are named in
     * {@link #DISTANCE_LOGS}: NAME.out, NAME.err and its latency log NAME.hlog.
     */
    public static String distanceClient(String transport, double delayMs, String mode) {
        return distanceClient(transport, routeOf("distance", delayMs), delayMs, mode);
    }

    /**
     * As above for a client on ROUTE: direct and relay above 0 keep the names they always had
     * ({@code distance-p2p-tcp-0.0ms-sync}, {@code distance-p2p-tcp-10.0ms-async}); the relay at D = 0 is
     * {@code distance-p2p-tcp-0.0ms-relay-sync}, the second namespace {@code distance-p2p-tcp-netns-sync}.
     */
    public static String distanceClient(String transport, String route, double delayMs, String mode) {
        return switch (route) {
            case ROUTE_NETNS -> "distance-" + transport + "-netns-" + mode;
            case ROUTE_RELAY -> "distance-" + transport + "-" + delayMs + "ms-" + (delayMs == 0 ? "relay-" : "") + mode;
            default -> "distance-" + transport + "-" + delayMs + "ms-" + mode;
        };
    }

    /** The route of a row of a file without the column: a distance row above 0 went through the relay. */
    public static String routeOf(String series, double delayMs) {
        return "distance".equals(series) && delayMs > 0 ? ROUTE_RELAY : ROUTE_DIRECT;
    }

    /**
     * The latency log of a distance client, relative to the results folder: docs/RESULTS-FORMAT.md latency/*.hlog
     * (HdrHistogram, nanoseconds), one interval per run tagged {@link #distanceLatencyTag}, warm-up runs included.
     */
    public static String distanceLatencyLog(String transport, double delayMs, String mode) {
        return distanceLatencyLog(transport, routeOf("distance", delayMs), delayMs, mode);
    }

    public static String distanceLatencyLog(String transport, String route, double delayMs, String mode) {
        return DISTANCE_LOGS + "/" + distanceClient(transport, route, delayMs, mode) + ".hlog";
    }

    /** A distance run's tag in its client's latency log (and on the control channel), e.g. measure-3-w16. */
    public static String distanceLatencyTag(String phase, int block, int window) {
        return phase + "-" + block + "-w" + window;
    }

    /** One run. Longs {@link #UNKNOWN} and a NaN jain are written as empty fields. */
    public record Row(String series, int block, String phase, int run, String startedUtc, String transport, String mode,
                      int window, int payloadBytes, int clients, int subscribers, int matchRules, int idleConnections,
                      double delayMs, long count, long elapsedNanos, long lost, long mismatched, long duplicated,
                      long outOfOrder, long errors, long p50Nanos, long p99Nanos, double jain, long cpuClientNanos,
                      long cpuBusNanos, long cpuServerNanos, long cpuRelayNanos, String problem, String route) {

        public Row {
            if (!SERIES.contains(series)) {
                throw new IllegalArgumentException("series must be one of " + SERIES + ", was '" + series + "'");
            }
            if (!ROUTES.contains(route)) {
                throw new IllegalArgumentException("route must be one of " + ROUTES + ", was '" + route + "'");
            }
            if (!RunsCsv.PHASE_WARMUP.equals(phase) && !RunsCsv.PHASE_MEASURE.equals(phase)) {
                throw new IllegalArgumentException("phase must be warmup or measure, was '" + phase + "'");
            }
            problem = problem == null || problem.isBlank() ? "-" : problem;
        }

        /** A row without a route of its own: a distance row above 0 went through the relay, every other is direct. */
        public Row(String series, int block, String phase, int run, String startedUtc, String transport, String mode,
                   int window, int payloadBytes, int clients, int subscribers, int matchRules, int idleConnections,
                   double delayMs, long count, long elapsedNanos, long lost, long mismatched, long duplicated,
                   long outOfOrder, long errors, long p50Nanos, long p99Nanos, double jain, long cpuClientNanos,
                   long cpuBusNanos, long cpuServerNanos, long cpuRelayNanos, String problem) {
            this(series, block, phase, run, startedUtc, transport, mode, window, payloadBytes, clients, subscribers,
                matchRules, idleConnections, delayMs, count, elapsedNanos, lost, mismatched, duplicated, outOfOrder, errors,
                p50Nanos, p99Nanos, jain, cpuClientNanos, cpuBusNanos, cpuServerNanos, cpuRelayNanos, problem,
                routeOf(series, delayMs));
        }

        public boolean measured() {
            return RunsCsv.PHASE_MEASURE.equals(phase);
        }

        /** Every call or signal arrived exactly once, intact and in order. */
        public boolean clean() {
            return lost == 0 && mismatched == 0 && duplicated == 0 && outOfOrder == 0 && errors == 0 && count > 0;
        }

        /** Calls or delivered signals per second. */
        public double ratePerSecond() {
            return elapsedNanos > 0 ? count * 1e9 / elapsedNanos : Double.NaN;
        }
    }

    public static String line(Row r) {
        return String.join(",", r.series(), Integer.toString(r.block()), r.phase(), Integer.toString(r.run()),
            text(r.startedUtc()), text(r.transport()), text(r.mode()), Integer.toString(r.window()),
            Integer.toString(r.payloadBytes()), Integer.toString(r.clients()), Integer.toString(r.subscribers()),
            Integer.toString(r.matchRules()), Integer.toString(r.idleConnections()), decimal(r.delayMs(), 3),
            Long.toString(r.count()), Long.toString(r.elapsedNanos()), Long.toString(r.lost()),
            Long.toString(r.mismatched()), Long.toString(r.duplicated()), Long.toString(r.outOfOrder()),
            Long.toString(r.errors()), optional(r.p50Nanos()), optional(r.p99Nanos()), decimal(r.jain(), 4),
            optional(r.cpuClientNanos()), optional(r.cpuBusNanos()), optional(r.cpuServerNanos()),
            optional(r.cpuRelayNanos()), text(r.problem()), r.route());
    }

    /** Appends ROW to DIR/scale-runs.csv, creating it with its header first. */
    public static void append(Path dir, Row row) {
        Path file = dir.resolve(FILE);
        Tsv.createWithHeader(file, HEADER);
        Tsv.append(file, List.of(line(row)));
    }

    public static List<Row> read(Path file) {
        return parse(Tsv.readLines(file));
    }

    /**
     * Parses the file's lines; a truncated last line (an interrupted session) is skipped and reported to
     * {@code skipped} rather than failing the file.
     */
    public static List<Row> parse(List<String> lines, java.util.function.Consumer<String> skipped) {
        boolean older = !lines.isEmpty() && lines.get(0).equals(OLDER_HEADER);
        if (!older) {
            Tsv.expectHeader(FILE, lines, HEADER);
        }
        int width = older ? OLDER_COLUMNS.size() : COLUMNS.size();
        List<Row> rows = new ArrayList<>();
        List<Tsv.NumberedLine> records = Tsv.records(lines, 1);
        for (int i = 0; i < records.size(); i++) {
            Tsv.NumberedLine l = records.get(i);
            String[] f = l.text().split(",", -1);
            if (f.length != width && i == records.size() - 1) {
                skipped.accept(FILE + " line " + l.number() + ": truncated last line skipped (interrupted session?)");
                continue;
            }
            rows.add(row(l.number(), f, width));
        }
        return rows;
    }

    public static List<Row> parse(List<String> lines) {
        return parse(lines, message -> {
            throw new FormatException(FILE, lines.size(), message);
        });
    }

    private static Row row(int n, String[] f, int width) {
        if (f.length != width) {
            throw new FormatException(FILE, n, "expected " + width + " comma-separated fields, found " + f.length);
        }
        try {
            double delayMs = Tsv.decimalValue(FILE, n, COLUMNS.get(13), f[13]);
            return new Row(f[0], integer(n, 1, f), f[2], integer(n, 3, f), f[4], required(n, 5, f), required(n, 6, f),
                integer(n, 7, f), integer(n, 8, f), integer(n, 9, f), integer(n, 10, f), integer(n, 11, f),
                integer(n, 12, f), delayMs, whole(n, 14, f), whole(n, 15, f),
                whole(n, 16, f), whole(n, 17, f), whole(n, 18, f), whole(n, 19, f), whole(n, 20, f),
                maybe(n, 21, f), maybe(n, 22, f), f[23].isEmpty() ? Double.NaN : Tsv.decimalValue(FILE, n, COLUMNS.get(23), f[23]),
                maybe(n, 24, f), maybe(n, 25, f), maybe(n, 26, f), maybe(n, 27, f), f[28],
                width > OLDER_COLUMNS.size() ? required(n, 29, f) : routeOf(f[0], delayMs));
        } catch (FormatException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new FormatException(FILE, n, e.getMessage());
        }
    }

    private static String required(int n, int i, String[] f) {
        if (f[i].isEmpty()) {
            throw new FormatException(FILE, n, COLUMNS.get(i) + " must not be empty");
        }
        return f[i];
    }

    private static int integer(int n, int i, String[] f) {
        return Tsv.intValue(FILE, n, COLUMNS.get(i), f[i], 0);
    }

    private static long whole(int n, int i, String[] f) {
        return Tsv.longValue(FILE, n, COLUMNS.get(i), f[i], 0);
    }

    private static long maybe(int n, int i, String[] f) {
        return f[i].isEmpty() ? UNKNOWN : whole(n, i, f);
    }

    private static String optional(long value) {
        return value < 0 ? "" : Long.toString(value);
    }

    private static String decimal(double value, int digits) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%." + digits + "f", value) : "";
    }

    /** A text as one field: commas and line breaks cannot break the row. */
    static String text(String value) {
        return value == null ? "" : Tsv.field(value).replace(',', ';');
    }
}
