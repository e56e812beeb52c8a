package org.dbuslab.analysis.scenarios;

import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Interval;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The client-library scenarios of a results folder (OUT/scenarios/, docs/SCENARIOS.md), summarized once: what the
 * scenarios section shows ({@link ScenariosMarkdown}) and the report's finding on the seed's experiments read.
 *
 * @param plan      plan.tsv as "key value, …", or "not recorded"
 * @param freshness freshness.csv's rows as they are (one per bus and strategy)
 * @param skipped   skipped.tsv's lines, duplicates dropped
 */
public record ScenarioSummary(String plan, List<String> coldStartBuses, List<ColdStartRow> coldStart,
                              List<String> readsBuses, List<ReadsRow> reads, List<Map<String, String>> freshness,
                              List<ScenarioSkip> skipped) {

    /** Fastest kinds first; the Java contenders by client (lean/, then dbus-java), each archived before plain. */
    private static final List<String> COLD_ORDER = List.of("baseline", "busctl", "gdbus", "dbus-python", "ruby-dbus",
        "java25-lean-aot", "java-lean", "java25-aot", "java-cds", "java");

    /** Empty when the folder has no scenarios/ folder. */
    public static Optional<ScenarioSummary> read(Path resultsDir) throws IOException {
        Path dir = resultsDir.resolve("scenarios");
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        List<Map<String, String>> cold = ScenarioTable.read(dir.resolve("cold-start.csv")).rows();
        List<Map<String, String>> reads = ScenarioTable.read(dir.resolve("property-reads.csv")).rows();
        return Optional.of(new ScenarioSummary(plan(dir), values(cold, "bus"), coldStart(cold), values(reads, "bus"),
            reads(reads), ScenarioTable.read(dir.resolve("freshness.csv")).rows(), skipped(dir.resolve("skipped.tsv"))));
    }

    /** The cold-start rows of one bus, in the table's order. */
    public List<ColdStartRow> coldStart(String bus) {
        return coldStart.stream().filter(r -> r.bus().equals(bus)).toList();
    }

    public List<ReadsRow> reads(String bus) {
        return reads.stream().filter(r -> r.bus().equals(bus)).toList();
    }

    private static String plan(Path dir) throws IOException {
        Path plan = dir.resolve("plan.tsv");
        if (!Files.isRegularFile(plan)) {
            return "not recorded";
        }
        return Files.readAllLines(plan, StandardCharsets.UTF_8).stream().filter(l -> l.contains("\t"))
            .map(l -> l.replace('\t', ' ')).collect(Collectors.joining(", "));
    }

    private static List<ColdStartRow> coldStart(List<Map<String, String>> table) {
        Bootstrap bootstrap = Bootstrap.standard();
        List<ColdStartRow> out = new ArrayList<>();
        for (String bus : values(table, "bus")) {
            List<Map<String, String>> measured = table.stream()
                .filter(r -> bus.equals(r.get("bus")) && "measure".equals(r.get("phase"))).toList();
            List<Double> busctlWall = column(measured, ColdStartRow.BUSCTL, "wall_ns");
            double busctlMedian = Distribution.of(busctlWall).median();
            for (String contender : ordered(values(measured, "contender"), COLD_ORDER)) {
                List<Map<String, String>> rows = measured.stream().filter(r -> contender.equals(r.get("contender"))).toList();
                List<Double> wall = column(rows, contender, "wall_ns");
                List<Double> cpu = rows.stream().map(r -> ScenarioTable.number(r, "user_us").orElse(0.0)
                    + ScenarioTable.number(r, "sys_us").orElse(0.0)).toList();
                Distribution wallDistribution = Distribution.of(wall);
                Interval ci = contender.equals(ColdStartRow.BUSCTL) ? Interval.UNDEFINED
                    : bootstrap.ofRatioOfMedians(array(wall), array(busctlWall));
                out.add(new ColdStartRow(bus, contender, rows.stream().filter(r -> "true".equals(r.get("ok"))).count(),
                    rows.size(), wallDistribution, Distribution.of(cpu), Distribution.of(column(rows, contender, "user_us")),
                    Distribution.of(column(rows, contender, "max_rss_kb")), wallDistribution.median() / busctlMedian, ci));
            }
        }
        return out;
    }

    private static List<ReadsRow> reads(List<Map<String, String>> table) {
        List<ReadsRow> out = new ArrayList<>();
        for (String bus : values(table, "bus")) {
            List<Map<String, String>> rows = table.stream().filter(r -> bus.equals(r.get("bus"))).toList();
            for (String strategy : values(rows, "strategy")) {
                List<Map<String, String>> measured = rows.stream()
                    .filter(r -> strategy.equals(r.get("strategy")) && "measure".equals(r.get("phase"))).toList();
                Map<String, String> count = rows.stream()
                    .filter(r -> strategy.equals(r.get("strategy")) && "count".equals(r.get("phase"))).findFirst()
                    .orElse(Map.of());
                Distribution readsNs = Distribution.of(column(measured, strategy, "reads_ns"));
                double perRead = readsNs.median() / 1e3 / ScenarioTable.number(measured.isEmpty() ? Map.of()
                    : measured.get(0), "reads").orElse(Double.NaN);
                out.add(new ReadsRow(bus, strategy, measured.size(), readsNs,
                    Distribution.of(column(measured, strategy, "setup_ns")),
                    Distribution.of(column(measured, strategy, "total_ns")), perRead, count));
            }
        }
        return out;
    }

    private static List<ScenarioSkip> skipped(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        List<ScenarioSkip> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] f = line.split("\t", 4);
            if (f.length == 4 && seen.add(f[0] + '\t' + f[1] + '\t' + f[2] + '\t' + f[3])) {
                out.add(new ScenarioSkip(f[0], f[1], f[2], f[3]));
            }
        }
        return List.copyOf(out);
    }

    static List<String> values(List<Map<String, String>> rows, String column) {
        return new ArrayList<>(rows.stream().map(r -> r.get(column)).filter(v -> v != null && !v.isEmpty())
            .collect(Collectors.toCollection(LinkedHashSet::new)));
    }

    private static List<String> ordered(List<String> present, List<String> preferred) {
        List<String> out = new ArrayList<>(preferred.stream().filter(present::contains).toList());
        present.stream().filter(p -> !out.contains(p)).forEach(out::add);
        return out;
    }

    /** Numeric column of the rows of {@code key} (in the rows' first identifying column) that are ok. */
    private static List<Double> column(List<Map<String, String>> rows, String key, String column) {
        List<Double> out = new ArrayList<>();
        for (Map<String, String> r : rows) {
            boolean mine = key.equals(r.get("contender")) || key.equals(r.get("strategy"));
            if (mine && !"false".equals(r.get("ok"))) {
                ScenarioTable.number(r, column).ifPresent(out::add);
            }
        }
        return out;
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
