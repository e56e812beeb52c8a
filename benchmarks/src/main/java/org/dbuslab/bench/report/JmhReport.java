package org.dbuslab.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dbuslab.cli.LabCli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes jmh.md from JMH's JSON: our table, the seed's rustbus comparison beside it (labelled as other
 * hardware), and the echo decode ratios.
 * Usage: {@code java -cp dbus-lab-benchmarks.jar org.dbuslab.bench.report.JmhReport --json jmh.json --out jmh.md
 * [--environment environment.json] [--log jmh.log]}
 */
public final class JmhReport {

    private static final String USAGE =
        "usage: --json FILE --out FILE [--environment FILE] [--log FILE]";

    /** Our benchmark standing for each seed column (Marshal + Send: connect each time, as the seed does). */
    private static final List<String> SEED_COUNTERPARTS = List.of(
        "MarshalBenchmarks.marshalMixed", "MarshalBenchmarks.marshalStrArray", "MarshalBenchmarks.marshalBigArray",
        "MarshalAndSendBenchmarks.connectMarshalAndSend");

    private JmhReport() {
    }

    public static void main(String[] args) {
        Path json = null;
        Path out = null;
        Path environment = null;
        Path log = null;
        for (int i = 0; i < args.length; i++) {
            if (i + 1 >= args.length) {
                fail(LabCli.USAGE, "'" + args[i] + "' needs a value (" + USAGE + ")");
            }
            Path value = Path.of(args[++i]);
            switch (args[i - 1]) {
                case "--json" -> json = value;
                case "--out" -> out = value;
                case "--environment" -> environment = value;
                case "--log" -> log = value;
                default -> fail(LabCli.USAGE, "unknown option '" + args[i - 1] + "' (" + USAGE + ")");
            }
        }
        if (json == null || out == null) {
            fail(LabCli.USAGE, USAGE);
        }
        try {
            String text = render(Files.readString(json), read(environment), read(log));
            Files.writeString(out, text, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            fail(LabCli.FAILURE, e.getMessage());
        }
    }

    private static void fail(int code, String message) {
        LabCli.exit(LabCli.fail(System.err, "JmhReport", message, code));
    }

    private static String read(Path file) throws IOException {
        return file != null && Files.isReadable(file) ? Files.readString(file) : null;
    }

    /** The whole report; environmentJson and jmhLog may be null. */
    static String render(String jmhJson, String environmentJson, String jmhLog) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode root = mapper.readTree(jmhJson);
        if (root == null || !root.isArray()) {
            throw new IOException("not a JMH JSON result (expected an array)");
        }
        List<JmhResult> results = new ArrayList<>();
        for (JsonNode node : root) {
            results.add(JmhResult.of(node));
        }
        JsonNode env = environmentJson != null ? mapper.readTree(environmentJson) : mapper.createObjectNode();
        JsonNode first = root.size() > 0 ? root.get(0) : mapper.createObjectNode();

        StringBuilder md = new StringBuilder();
        md.append("# dbus-java JMH micro-benchmarks\n\n");
        md.append(machineLine(env, first)).append("\n\n");
        md.append(settingsLine(first)).append("\n\n");
        appendResults(md, results);
        appendFailures(md, jmhLog);
        appendSeedComparison(md, results);
        appendEchoRatios(md, results);
        return md.toString();
    }

    private static String machineLine(JsonNode env, JsonNode first) {
        String cpu = text(env, "cpu_model");
        String cpus = text(env, "cpu_count");
        return "Machine: " + cpu + " (" + cpus + " CPUs), " + text(env, "os") + ", " + text(env, "kernel")
            + "; JVM " + first.path("jdkVersion").asText("unknown") + " " + first.path("vmName").asText("")
            + "; dbus-java " + text(env, "dbus_java_version") + "; measured " + text(env, "date_utc") + ".";
    }

    private static String settingsLine(JsonNode first) {
        return "JMH " + first.path("jmhVersion").asText("?") + ", " + first.path("forks").asText("?") + " fork(s) x "
            + first.path("warmupIterations").asText("?") + " warm-up iterations of " + first.path("warmupTime").asText("?")
            + " + " + first.path("measurementIterations").asText("?") + " measured iterations of "
            + first.path("measurementTime").asText("?") + "; average time per operation in µs; "
            + "error = half-width of JMH's 99.9% confidence interval (n/a when there are too few samples).";
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isMissingNode() || v.isNull() || v.asText().isBlank() ? "unknown" : v.asText();
    }

    private static void appendResults(StringBuilder md, List<JmhResult> results) {
        md.append("## dbus-java on this machine\n\n");
        md.append("| Benchmark | Params | Score (µs/op) | ± Error (µs/op) | Error / score | Samples |\n");
        md.append("|---|---|---:|---:|---:|---:|\n");
        for (JmhResult r : results) {
            md.append("| ").append(r.shortName()).append(" | ").append(r.params().isEmpty() ? "—" : r.params())
                .append(" | ").append(fmt(r.scoreUs())).append(" | ").append(fmt(r.errorUs()))
                .append(" | ").append(relative(r)).append(" | ").append(r.samples()).append(" |\n");
        }
        if (results.isEmpty()) {
            md.append("| (no results) | | | | | |\n");
        }
        md.append('\n');
        if (results.stream().anyMatch(r -> r.errorUs() > NOISY * r.scoreUs())) {
            md.append("Rows marked *noisy* have an error above ").append(Math.round(NOISY * 100))
                .append("% of the score: read them as a range, not a figure.\n\n");
        }
    }

    /** Error above this share of the score: the row is flagged. */
    static final double NOISY = 0.25;

    private static String relative(JmhResult r) {
        if (!(r.scoreUs() > 0) || Double.isNaN(r.errorUs())) {
            return "n/a";
        }
        double share = r.errorUs() / r.scoreUs();
        return Math.round(share * 100) + "%" + (share > NOISY ? " *noisy*" : "");
    }

    private static final Pattern BENCHMARK_LINE = Pattern.compile("^# Benchmark: (\\S+)", Pattern.MULTILINE);
    private static final Pattern PARAMS_LINE = Pattern.compile("^# Parameters: \\((.*)\\)$");

    /** Benchmarks whose section in JMH's output contains a {@code <failure>}: they have no row above. */
    static Set<String> failures(String jmhLog) {
        Set<String> failed = new LinkedHashSet<>();
        if (jmhLog == null) {
            return failed;
        }
        String current = null;
        for (String line : jmhLog.split("\n")) {
            Matcher b = BENCHMARK_LINE.matcher(line);
            Matcher p = PARAMS_LINE.matcher(line);
            if (b.find()) {
                String name = b.group(1);
                current = name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1);
            } else if (p.find() && current != null) {
                current = current + " (" + p.group(1) + ")";
            } else if (line.startsWith("<failure>") && current != null) {
                failed.add(current);
            }
        }
        return failed;
    }

    private static void appendFailures(StringBuilder md, String jmhLog) {
        Set<String> failed = failures(jmhLog);
        if (!failed.isEmpty()) {
            md.append("**Failed, no result (see jmh.log):** ").append(String.join("; ", failed)).append("\n\n");
        }
    }

    private static void appendSeedComparison(StringBuilder md, List<JmhResult> results) {
        md.append("## Beside the seed's rustbus comparison\n\n");
        md.append("Seed columns (all but the first): **").append(SeedTable.LABEL).append("**. ")
            .append("Same messages (KillingSpark/rust-dbus-comparisons benches/marshal_bench.rs); µs per operation.\n\n");
        md.append("| Benchmark | dbus-java, this machine |");
        for (SeedTable.Row row : SeedTable.ROWS) {
            md.append(' ').append(row.library()).append(" (seed) |");
        }
        md.append("\n|---|---:|");
        md.append("---:|".repeat(SeedTable.ROWS.size())).append('\n');
        for (int c = 0; c < SeedTable.COLUMNS.size(); c++) {
            md.append("| ").append(SeedTable.COLUMNS.get(c)).append(" | ")
                .append(find(results, SEED_COUNTERPARTS.get(c), "").map(r -> fmt(r.scoreUs())).orElse("not run"))
                .append(" |");
            for (SeedTable.Row row : SeedTable.ROWS) {
                Double v = row.value(c);
                md.append(' ').append(v == null ? "n/a" : fmt(v)).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
        md.append("Marshal + Send connects, authenticates and says Hello for every signal in the seed; the dbus-java "
            + "figure is `connectMarshalAndSend`, which does the same plus one GetId round trip before closing (without "
            + "it dbus-java's disconnect loses the signal; docs/BENCHMARKS.md). Connected once: `marshalAndSend` "
            + find(results, "MarshalAndSendBenchmarks.marshalAndSend", "").map(r -> fmt(r.scoreUs()) + " µs").orElse("not run")
            + " (signal + a GetId round trip as the barrier), `marshalAndSendPipelined` "
            + find(results, "MarshalAndSendBenchmarks.marshalAndSendPipelined", "").map(r -> fmt(r.scoreUs()) + " µs").orElse("not run")
            + " per signal (100 signals per barrier).\n\n");
    }

    private static void appendEchoRatios(StringBuilder md, List<JmhResult> results) {
        Set<String> sizes = new LinkedHashSet<>();
        for (JmhResult r : results) {
            if (r.benchmark().endsWith("EchoBodyBenchmarks." + r.method())) {
                sizes.add(r.params());
            }
        }
        if (sizes.isEmpty()) {
            return;
        }
        md.append("## `ay` echo body: typed vs default decode\n\n");
        md.append("| Params | encode call | decode typed | decode untyped | untyped / typed | decode as proxy | proxy / typed |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (String params : sizes) {
            Optional<JmhResult> enc = find(results, "EchoBodyBenchmarks.encodeCall", params);
            Optional<JmhResult> typed = find(results, "EchoBodyBenchmarks.decodeReplyTyped", params);
            Optional<JmhResult> untyped = find(results, "EchoBodyBenchmarks.decodeReplyUntyped", params);
            Optional<JmhResult> proxy = find(results, "EchoBodyBenchmarks.decodeReplyAsProxy", params);
            md.append("| ").append(params).append(" | ").append(score(enc)).append(" | ").append(score(typed))
                .append(" | ").append(score(untyped)).append(" | ").append(ratio(untyped, typed))
                .append(" | ").append(score(proxy)).append(" | ").append(ratio(proxy, typed)).append(" |\n");
        }
        md.append('\n');
    }

    private static Optional<JmhResult> find(List<JmhResult> results, String shortName, String params) {
        return results.stream()
            .filter(r -> r.shortName().equals(shortName) && (params.isEmpty() || r.params().equals(params)))
            .findFirst();
    }

    private static String score(Optional<JmhResult> r) {
        return r.map(x -> fmt(x.scoreUs())).orElse("—");
    }

    private static String ratio(Optional<JmhResult> a, Optional<JmhResult> b) {
        if (a.isEmpty() || b.isEmpty() || b.get().scoreUs() <= 0) {
            return "—";
        }
        double r = a.get().scoreUs() / b.get().scoreUs();
        return String.format(Locale.ROOT, r < 10 ? "%.1fx" : "%.0fx", r);
    }

    /** About four significant digits, no exponent. */
    static String fmt(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "n/a";
        }
        double a = Math.abs(v);
        String pattern = a >= 1000 ? "%.0f" : a >= 100 ? "%.1f" : a >= 10 ? "%.2f" : a >= 1 ? "%.3f" : "%.4f";
        return String.format(Locale.ROOT, pattern, v);
    }
}
