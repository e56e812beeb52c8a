package org.dbuslab.analysis;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads runs.csv (docs/RESULTS-FORMAT.md). Columns are found by header name, so extra or reordered
 * columns do not break the contract; a missing {@code phase} column means every row was measured.
 * Optional columns: {@code started_utc} (ISO-8601 instant; the run order), {@code latency_log} and
 * {@code latency_tag} (where the run's per-call latency histogram is; empty when none was recorded), and the
 * lab's {@code method}, {@code pair}, {@code series} (part of the cell; absent or empty: echo, dbus-java>dbus-java,
 * matrix), {@code fixed_ns} (spam rows' fixed cost), {@code expected} and {@code reference} (only checked against
 * pair and series, which decide), {@code round} (the block the run was made in: paired comparisons) and
 * {@code cpu_client_ns}, {@code cpu_bus_ns}, {@code cpu_server_ns} (CPU time per component; empty when not measured).
 * The run order comes from started_utc, not from round.
 */
final class RunsCsvReader {

    static final String FILE = "runs.csv";
    static final List<String> CONTRACT_COLUMNS = List.of(
            "transport", "mode", "payload_bytes", "window", "calls", "run", "elapsed_ns", "lost", "mismatched", "errors");

    private RunsCsvReader() {
    }

    /** Column name to position, and how many fields every row must have. */
    private record Header(Map<String, Integer> indexes, int width) {

        String field(String[] fields, String column) {
            return fields[indexes.get(column)];
        }
    }

    /**
     * @param warnings receives one message per tolerated problem (a truncated last line, unreadable
     *                 started_utc values: those only cost the run order, not the statistics)
     */
    static List<RunRecord> read(TextFile file, Consumer<String> warnings) {
        int headerLine = 1;
        while (headerLine <= file.lines().size() && file.line(headerLine).isBlank()) {
            headerLine++;
        }
        if (headerLine > file.lines().size()) {
            throw new ResultsInputException(file.name() + ": empty file, expected a header line");
        }
        Header header = header(file, headerLine);
        long[] referenceDisagreements = {0};
        List<RunRecord> runs = LineParser.parse(file, headerLine + 1, line -> {
            String[] fields = LineParser.split(line, ",");
            RunRecord run = row(fields, header);
            if (referenceDisagrees(fields, header, run.key())) {
                referenceDisagreements[0]++;
            }
            return run;
        }, warnings);
        if (header.indexes().containsKey("reference")) {
            long disagreeing = referenceDisagreements[0];
            if (disagreeing > 0) {
                warnings.accept(file.name() + ": the reference column disagrees with pair and series in " + disagreeing
                        + " row(s); pair and series decide (reference = every pair but " + CellKey.SUBJECT_PAIR
                        + ", and series other than matrix)");
            }
        }
        long unreadable = header.indexes().containsKey("started_utc")
                ? runs.stream().filter(run -> run.startedUtc() == null).count() : 0;
        if (unreadable > 0) {
            warnings.accept(file.name() + ": started_utc missing or unreadable in " + unreadable + " of " + runs.size()
                    + " rows; the run order falls back to the order of the rows");
        }
        return runs;
    }

    private static Header header(TextFile file, int headerLine) {
        String[] names = LineParser.split(file.line(headerLine), ",");
        Map<String, Integer> indexes = new HashMap<>();
        for (int i = 0; i < names.length; i++) {
            if (indexes.putIfAbsent(names[i], i) != null) {
                throw ResultsInputException.at(file.name(), headerLine, "column '" + names[i] + "' appears twice");
            }
        }
        List<String> missing = CONTRACT_COLUMNS.stream().filter(c -> !indexes.containsKey(c)).toList();
        if (!missing.isEmpty()) {
            throw ResultsInputException.at(file.name(), headerLine, "header lacks column(s) " + String.join(", ", missing));
        }
        return new Header(indexes, names.length);
    }

    private static RunRecord row(String[] fields, Header header) {
        if (fields.length != header.width()) {
            throw new IllegalArgumentException("expected " + header.width() + " fields, found " + fields.length);
        }
        CellKey key = new CellKey(
                text(fields, header, "transport"),
                text(fields, header, "mode"),
                LineParser.intValue("payload_bytes", header.field(fields, "payload_bytes"), 0),
                LineParser.intValue("window", header.field(fields, "window"), 1),
                LineParser.intValue("calls", header.field(fields, "calls"), 1),
                orDefault(optional(fields, header, "pair"), CellKey.SUBJECT_PAIR),
                orDefault(optional(fields, header, "series"), CellKey.MATRIX),
                orDefault(optional(fields, header, "method"), CellKey.ECHO));
        Counts counts = new Counts(
                LineParser.longValue("lost", header.field(fields, "lost"), 0),
                LineParser.longValue("mismatched", header.field(fields, "mismatched"), 0),
                LineParser.longValue("errors", header.field(fields, "errors"), 0));
        Phase phase = header.indexes().containsKey("phase") ? Phase.parse(header.field(fields, "phase")) : Phase.MEASURE;
        return new RunRecord(key,
                LineParser.intValue("run", header.field(fields, "run"), 1),
                LineParser.longValue("elapsed_ns", header.field(fields, "elapsed_ns"), 1),
                counts, phase, startedUtc(optional(fields, header, "started_utc")), latency(fields, header),
                fixedNs(optional(fields, header, "fixed_ns")), optional(fields, header, "expected"),
                jitMs(optional(fields, header, "jit_ms")), block(optional(fields, header, "round")),
                new CpuNs(cpuNs(fields, header, "cpu_client_ns"), cpuNs(fields, header, "cpu_bus_ns"),
                        cpuNs(fields, header, "cpu_server_ns")));
    }

    private static Integer block(String text) {
        return text.isEmpty() ? null : LineParser.intValue("round", text, 1);
    }

    private static Long cpuNs(String[] fields, Header header, String column) {
        String text = optional(fields, header, column);
        return text.isEmpty() ? null : LineParser.longValue(column, text, 0);
    }

    private static String orDefault(String value, String fallback) {
        return value.isEmpty() ? fallback : value;
    }

    private static Long fixedNs(String text) {
        return text.isEmpty() ? null : LineParser.longValue("fixed_ns", text, 0);
    }

    private static Long jitMs(String text) {
        return text.isEmpty() ? null : LineParser.longValue("jit_ms", text, 0);
    }

    /** A reference column that says true where pair and series name the subject, or false where they do not. */
    private static boolean referenceDisagrees(String[] fields, Header header, CellKey key) {
        String reference = optional(fields, header, "reference");
        if (reference.isEmpty()) {
            return false;
        }
        boolean expected = key.role() == CellKey.Role.REFERENCE;
        return Boolean.parseBoolean(reference) != expected;
    }

    private static String optional(String[] fields, Header header, String column) {
        return header.indexes().containsKey(column) ? header.field(fields, column) : "";
    }

    /** Null for an empty or unreadable value: the run still counts, only its place in the order is unknown. */
    private static Instant startedUtc(String text) {
        if (text.isEmpty()) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static LatencyRef latency(String[] fields, Header header) {
        String log = optional(fields, header, "latency_log");
        return log.isEmpty() ? null : new LatencyRef(log, optional(fields, header, "latency_tag"));
    }

    private static String text(String[] fields, Header header, String column) {
        String value = header.field(fields, column);
        if (value.isEmpty()) {
            throw new IllegalArgumentException(column + " is empty");
        }
        return value;
    }
}
