package org.dbuslab.format;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads runs.csv rows by column name, so older files (16 to 27 columns), reordered columns and unknown extra
 * columns are all readable; only the {@link RunsCsv#CONTRACT_COLUMNS} are required. Every problem is an
 * IllegalArgumentException with a short reason, to which the caller adds the file and line.
 */
public final class RunsCsvHeader {

    private final List<String> columns;
    private final Map<String, Integer> indexes;

    private RunsCsvHeader(List<String> columns, Map<String, Integer> indexes) {
        this.columns = columns;
        this.indexes = indexes;
    }

    /** @throws IllegalArgumentException for a repeated column or a missing contract column */
    public static RunsCsvHeader parse(String line) {
        String[] names = split(line);
        Map<String, Integer> indexes = new HashMap<>();
        for (int i = 0; i < names.length; i++) {
            if (indexes.putIfAbsent(names[i], i) != null) {
                throw new IllegalArgumentException("column '" + names[i] + "' appears twice");
            }
        }
        List<String> missing = RunsCsv.CONTRACT_COLUMNS.stream().filter(c -> !indexes.containsKey(c)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("header lacks column(s) " + String.join(", ", missing));
        }
        return new RunsCsvHeader(List.of(names), Collections.unmodifiableMap(indexes));
    }

    public List<String> columns() {
        return columns;
    }

    public boolean has(String column) {
        return indexes.containsKey(column);
    }

    /** The fields of one data line, stripped of surrounding blanks, checked against the header's width. */
    public String[] fields(String line) {
        String[] fields = split(line);
        if (fields.length != columns.size()) {
            throw new IllegalArgumentException("expected " + columns.size() + " fields, found " + fields.length);
        }
        return fields;
    }

    /** The value of {@code column} in {@code fields}; empty when the file has no such column. */
    public String value(String[] fields, String column) {
        Integer index = indexes.get(column);
        return index == null ? "" : fields[index];
    }

    /**
     * One data line as a row. Optional columns that are absent or empty are null; an unreadable started_utc is
     * null too (it only costs the run order). Text values are not interpreted (e.g. an empty method is null, which
     * readers take as echo).
     */
    public RunsCsvRow parseRow(String line) {
        String[] f = fields(line);
        return new RunsCsvRow(
            required(f, "transport"), required(f, "mode"),
            intValue(f, "payload_bytes", 0), intValue(f, "window", 1), intValue(f, "calls", 1), intValue(f, "run", 1),
            longValue(f, "elapsed_ns", 1), longValue(f, "lost", 0), longValue(f, "mismatched", 0),
            longValue(f, "errors", 0),
            text(f, "phase"), text(f, "method"), instant(value(f, "started_utc")), text(f, "latency_log"),
            text(f, "latency_tag"), optionalLong(f, "jit_ms"),
            optionalInt(f, "round"), text(f, "pair"), optionalBoolean(f, "reference"), text(f, "series"),
            optionalLong(f, "fixed_ns"), text(f, "expected"),
            optionalLong(f, "cpu_client_ns"), optionalLong(f, "cpu_bus_ns"), optionalLong(f, "cpu_server_ns"),
            text(f, "placement"), optionalLong(f, "cpu_path_ns"),
            optionalLong(f, "alloc_client_bytes"), optionalLong(f, "alloc_server_bytes"));
    }

    private String required(String[] fields, String column) {
        String value = value(fields, column);
        if (value.isEmpty()) {
            throw new IllegalArgumentException(column + " is empty");
        }
        return value;
    }

    private String text(String[] fields, String column) {
        String value = value(fields, column);
        return value.isEmpty() ? null : value;
    }

    private Long optionalLong(String[] fields, String column) {
        String value = value(fields, column);
        return value.isEmpty() ? null : WholeNumber.parse(column, value, 0);
    }

    private Integer optionalInt(String[] fields, String column) {
        String value = value(fields, column);
        return value.isEmpty() ? null : WholeNumber.parseInt(column, value, 0);
    }

    private Boolean optionalBoolean(String[] fields, String column) {
        String value = value(fields, column);
        return switch (value) {
            case "" -> null;
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException(column + " must be true or false, got '" + value + "'");
        };
    }

    private long longValue(String[] fields, String column, long minimum) {
        return WholeNumber.parse(column, value(fields, column), minimum);
    }

    private int intValue(String[] fields, String column, int minimum) {
        return WholeNumber.parseInt(column, value(fields, column), minimum);
    }

    private static Instant instant(String text) {
        if (text.isEmpty()) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static String[] split(String line) {
        String[] fields = line.split(",", -1);
        for (int i = 0; i < fields.length; i++) {
            fields[i] = fields[i].strip();
        }
        return fields;
    }
}
