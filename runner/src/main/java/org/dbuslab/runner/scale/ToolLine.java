package org.dbuslab.runner.scale;

import org.dbuslab.format.RunsCsv;
import org.dbuslab.format.ScaleRunsCsv;
import org.dbuslab.format.WholeNumber;
import org.dbuslab.runner.exec.CpuMeter;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One result line of a scale tool (scale/README.md: space-separated {@code key=value}, values percent-encoded)
 * and the scale-runs.csv row it becomes. A line that is not one (a missing key, a bad number) is a
 * {@link IllegalArgumentException} with one line saying what.
 */
final class ToolLine {

    private final Map<String, String> fields;

    private ToolLine(Map<String, String> fields) {
        this.fields = fields;
    }

    static ToolLine parse(String line) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String pair : line.strip().split(" +")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("not a key=value field: '" + pair + "'");
            }
            fields.put(pair.substring(0, eq), decode(pair.substring(eq + 1)));
        }
        return new ToolLine(fields);
    }

    static String decode(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '%' && i + 2 < value.length()) {
                int hi = Character.digit(value.charAt(i + 1), 16);
                int lo = Character.digit(value.charAt(i + 2), 16);
                if (hi >= 0 && lo >= 0) {
                    out.append((char) (hi * 16 + lo));
                    i += 2;
                    continue;
                }
            }
            out.append(c);
        }
        return out.toString();
    }

    String text(String key) {
        String value = fields.get(key);
        if (value == null) {
            throw new IllegalArgumentException("the line has no " + key + "=");
        }
        return value;
    }

    long number(String key) {
        return WholeNumber.parse(key, text(key), Long.MIN_VALUE);
    }

    double decimal(String key) {
        String value = text(key);
        if (value.equals("NaN") || value.equals("-")) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " is not a number: '" + value + "'");
        }
    }

    boolean measured() {
        return RunsCsv.PHASE_MEASURE.equals(text("phase"));
    }

    /** The row of this line, made in BLOCK, arrived at ARRIVED, with the CPU its run used. */
    ScaleRunsCsv.Row row(int block, Instant arrived, CpuMeter.Cpu cpu) {
        long elapsed = number("elapsed_ns");
        String started = arrived.minusNanos(elapsed).toString();
        String series = text("series");
        String problem = fields.getOrDefault("problem", "-");
        return switch (series) {
            case "clients" -> new ScaleRunsCsv.Row(series, block, text("phase"), (int) number("run"), started,
                text("transport"), text("mode"), (int) number("window"), (int) number("payload_bytes"),
                (int) number("clients"), 0, 0, 0, 0, number("calls"), elapsed, number("lost"), number("mismatched"), 0, 0,
                number("errors"), number("p50_ns"), number("p99_ns"), decimal("jain"), ns(cpu.clientNs()),
                ns(cpu.busNs()), ns(cpu.serverNs()), ScaleRunsCsv.UNKNOWN, problem);
            case "signals" -> new ScaleRunsCsv.Row(series, block, text("phase"), (int) number("run"), started,
                text("transport"), "signal", (int) number("window"), (int) number("pad_bytes"), 0,
                (int) number("subscribers"), (int) number("match_rules"), (int) number("idle_connections"), 0,
                number("delivered"), elapsed, number("lost"), number("mismatched"), number("duplicated"),
                number("out_of_order"), number("stray"), number("p50_ns"), number("p99_ns"), Double.NaN,
                ns(cpu.clientNs()), ns(cpu.busNs()), ns(cpu.serverNs()), ScaleRunsCsv.UNKNOWN, problem);
            default -> throw new IllegalArgumentException("unknown series '" + series + "'");
        };
    }

    static long ns(OptionalLong value) {
        return value.isPresent() ? value.getAsLong() : ScaleRunsCsv.UNKNOWN;
    }
}
