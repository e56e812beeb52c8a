package org.dbuslab.analysis.scenarios;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Renders the client-library scenarios of a results folder (OUT/scenarios/, docs/SCENARIOS.md) as a Markdown
 * section, with the Agama blog's figures beside ours. Returns "" when the folder has no scenario results, so the
 * report can always call it: {@code md.append(ScenariosMarkdown.render(dir))}.
 */
public final class ScenariosMarkdown {

    private static final List<String> COLD_ORDER = List.of("baseline", "busctl", "gdbus", "dbus-python", "ruby-dbus",
        "java-cds", "java");

    private ScenariosMarkdown() {
    }

    public static String render(Path resultsDir) throws IOException {
        Path dir = resultsDir.resolve("scenarios");
        if (!Files.isDirectory(dir)) {
            return "";
        }
        ScenarioTable cold = ScenarioTable.read(dir.resolve("cold-start.csv"));
        ScenarioTable reads = ScenarioTable.read(dir.resolve("property-reads.csv"));
        ScenarioTable fresh = ScenarioTable.read(dir.resolve("freshness.csv"));
        StringBuilder md = new StringBuilder("## Client-library scenarios (Agama blog, 2023)\n\n");
        md.append("A mock of the service the blog measured (`org.opensuse.DInstaller.Software`, object "
            + "`/org/opensuse/DInstaller/Software1`, `AvailableBaseProducts` a(ss), `SelectedBaseProduct` s) on each "
            + "private bus; clients find it through `DBUS_SYSTEM_BUS_ADDRESS`. Plan: ")
            .append(plan(dir)).append(". The blog's figures are from ").append(SeedFigures.LABEL)
            .append(": compare orders of magnitude and ratios, not absolute times.\n\n");
        coldStart(md, cold);
        propertyReads(md, reads);
        freshness(md, fresh);
        skipped(md, dir.resolve("skipped.tsv"));
        return md.toString();
    }

    private static String plan(Path dir) throws IOException {
        Path plan = dir.resolve("plan.tsv");
        if (!Files.isRegularFile(plan)) {
            return "not recorded";
        }
        return Files.readAllLines(plan, StandardCharsets.UTF_8).stream().filter(l -> l.contains("\t"))
            .map(l -> l.replace('\t', ' ')).collect(Collectors.joining(", "));
    }

    // ---------------------------------------------------------------- cold start

    private static void coldStart(StringBuilder md, ScenarioTable table) {
        md.append("### Cold start: one process per run connects, reads AvailableBaseProducts, prints it\n\n");
        if (table.rows().isEmpty()) {
            md.append("Not run.\n\n");
            return;
        }
        md.append("Wall time per run from fork to reap (monotonic clock); CPU = user + sys of the process (kernel "
            + "rusage); peak RSS from GNU time. *per 100 runs* = mean × 100, the blog's unit. *× busctl* = median "
            + "wall time over busctl's on the same bus. *baseline* is `/bin/true`: the cost of starting any process "
            + "here.\n\n");
        for (String bus : values(table.rows(), "bus")) {
            md.append("**").append(bus).append("**\n\n")
                .append("| contender | runs ok | median wall (ms) | p10–p90 (ms) | min–max (ms) | wall per 100 runs (s) "
                    + "| CPU per run (ms) | user per 100 runs (s) | peak RSS (MiB) | × busctl |\n")
                .append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
            List<Map<String, String>> measured = table.rows().stream()
                .filter(r -> bus.equals(r.get("bus")) && "measure".equals(r.get("phase"))).toList();
            Distribution busctl = Distribution.of(column(measured, "busctl", "wall_ns"));
            for (String contender : ordered(values(measured, "contender"), COLD_ORDER)) {
                List<Map<String, String>> rows = measured.stream().filter(r -> contender.equals(r.get("contender"))).toList();
                Distribution wall = Distribution.of(column(rows, contender, "wall_ns"));
                Distribution user = Distribution.of(column(rows, contender, "user_us"));
                List<Double> cpu = rows.stream().map(r -> ScenarioTable.number(r, "user_us").orElse(0.0)
                    + ScenarioTable.number(r, "sys_us").orElse(0.0)).toList();
                Distribution rss = Distribution.of(column(rows, contender, "max_rss_kb"));
                long ok = rows.stream().filter(r -> "true".equals(r.get("ok"))).count();
                md.append("| ").append(contender).append(" | ").append(ok).append('/').append(rows.size())
                    .append(" | ").append(f(wall.median() / 1e6, 1))
                    .append(" | ").append(f(wall.p10() / 1e6, 1)).append("–").append(f(wall.p90() / 1e6, 1))
                    .append(" | ").append(f(wall.min() / 1e6, 1)).append("–").append(f(wall.max() / 1e6, 1))
                    .append(" | ").append(f(wall.mean() * 100 / 1e9, 2))
                    .append(" | ").append(f(Distribution.of(cpu).mean() / 1e3, 1))
                    .append(" | ").append(f(user.mean() * 100 / 1e6, 2))
                    .append(" | ").append(f(rss.median() / 1024, 1))
                    .append(" | ").append(f(wall.median() / busctl.median(), 1)).append(" |\n");
            }
            md.append('\n');
        }
        md.append("The blog (").append(SeedFigures.LABEL).append("):\n\n").append(SeedFigures.COLD_START).append('\n');
    }

    // ---------------------------------------------------------------- property reads

    private static void propertyReads(StringBuilder md, ScenarioTable table) {
        md.append("### Property reads: 100 reads of AvailableBaseProducts in one process\n\n");
        if (table.rows().isEmpty()) {
            md.append("Not run.\n\n");
            return;
        }
        md.append("Java strategies (dbus-java 5.1.1): *get* = Properties.Get per read; *introspect-get* = Introspect "
            + "+ XML lookup + Get per read (the per-read pattern the blog describes); *cached* = subscribe to "
            + "PropertiesChanged, one GetAll, reads from the cache (zbus's pattern). *ruby-dbus-seed* is the blog's "
            + "Ruby script, unchanged, timed as a whole process. Times are medians of the measured runs (no observer "
            + "attached). Messages: one extra run observed by `busctl monitor` (BecomeMonitor), counting what the "
            + "client's connection sent (sender = its unique name) and received (destination = it); *reads phase* "
            + "are those between the first and the last read.\n\n");
        for (String bus : values(table.rows(), "bus")) {
            md.append("**").append(bus).append("**\n\n")
                .append("| strategy | runs | reads phase (ms) | per read (µs) | setup (ms) | connect+setup+reads (ms) "
                    + "| messages sent / received (whole connection) | reads phase sent / received | sent, by member |\n")
                .append("|---|--:|--:|--:|--:|--:|--:|--:|---|\n");
            List<Map<String, String>> rows = table.rows().stream().filter(r -> bus.equals(r.get("bus"))).toList();
            for (String strategy : values(rows, "strategy")) {
                List<Map<String, String>> measured = rows.stream()
                    .filter(r -> strategy.equals(r.get("strategy")) && "measure".equals(r.get("phase"))).toList();
                Map<String, String> count = rows.stream()
                    .filter(r -> strategy.equals(r.get("strategy")) && "count".equals(r.get("phase"))).findFirst()
                    .orElse(Map.of());
                Distribution readsNs = Distribution.of(column(measured, strategy, "reads_ns"));
                Distribution setupNs = Distribution.of(column(measured, strategy, "setup_ns"));
                Distribution total = Distribution.of(column(measured, strategy, "total_ns"));
                double perRead = readsNs.median() / 1e3 / ScenarioTable.number(measured.isEmpty() ? Map.of()
                    : measured.get(0), "reads").orElse(Double.NaN);
                md.append("| ").append(strategy).append(" | ").append(measured.size())
                    .append(" | ").append(f(readsNs.median() / 1e6, 2))
                    .append(" | ").append(f(perRead, 1))
                    .append(" | ").append(f(setupNs.median() / 1e6, 2))
                    .append(" | ").append(f(total.median() / 1e6, 1))
                    .append(" | ").append(pair(count, "msgs_total_sent", "msgs_total_received"))
                    .append(" | ").append(pair(count, "msgs_reads_sent", "msgs_reads_received"))
                    .append(" | ").append(count.getOrDefault("sent_by_member", "–").isEmpty() ? "–"
                        : count.getOrDefault("sent_by_member", "–")).append(" |\n");
            }
            md.append('\n');
        }
        md.append("The blog (").append(SeedFigures.LABEL).append("):\n\n").append(SeedFigures.MANY_READS).append('\n');
    }

    // ---------------------------------------------------------------- freshness

    private static void freshness(StringBuilder md, ScenarioTable table) {
        md.append("### Cache freshness under PropertiesChanged\n\n");
        if (table.rows().isEmpty()) {
            md.append("Not run.\n\n");
            return;
        }
        md.append("A reader reads `SelectedBaseProduct` from the cached strategy in a loop (pause between reads in "
            + "the table) while another connection changes it with Properties.Set after random pauses. *seen*: "
            + "changes some read returned; *missed*: changes replaced before any read; *stale*: reads that returned an "
            + "older value after the reader's process had received the signal (must be 0). Latency from just before "
            + "the Set is sent to the first read returning the new value (set → read) and to the signal's arrival "
            + "(set → signal).\n\n")
            .append("| bus | strategy | changes | signals | seen | missed | reads | **stale** | set → read p50 / p90 / "
                + "p99 / max (µs) | set → signal p50 / p99 (µs) | writer pause, read pause (µs) |\n")
            .append("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (Map<String, String> r : table.rows()) {
            md.append("| ").append(r.get("bus")).append(" | ").append(r.get("strategy"))
                .append(" | ").append(r.get("changes")).append(" | ").append(r.get("signals_seen"))
                .append(" | ").append(r.get("changes_seen")).append(" | ").append(r.get("changes_missed"))
                .append(" | ").append(r.get("reads")).append(" | **").append(r.get("stale_reads")).append("**")
                .append(" | ").append(us(r, "set_to_read_p50_us")).append(" / ").append(us(r, "set_to_read_p90_us"))
                .append(" / ").append(us(r, "set_to_read_p99_us")).append(" / ").append(us(r, "set_to_read_max_us"))
                .append(" | ").append(us(r, "set_to_signal_p50_us")).append(" / ").append(us(r, "set_to_signal_p99_us"))
                .append(" | 0–").append(r.get("max_pause_us")).append(", ").append(r.get("read_interval_us")).append(" |\n");
        }
        md.append("\nThe blog (").append(SeedFigures.LABEL).append("): ").append(SeedFigures.FRESHNESS).append("\n\n");
    }

    private static void skipped(StringBuilder md, Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
        if (lines.isEmpty()) {
            return;
        }
        md.append("### Not measured here\n\n");
        Set<String> seen = new LinkedHashSet<>();
        for (String line : lines) {
            String[] f = line.split("\t", 4);
            if (f.length == 4 && seen.add(f[0] + f[2] + f[3])) {
                md.append("- ").append(f[0]).append(", ").append(f[2]).append(": ").append(f[3]).append('\n');
            }
        }
        md.append('\n');
    }

    // ---------------------------------------------------------------- helpers

    private static List<String> values(List<Map<String, String>> rows, String column) {
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

    private static String pair(Map<String, String> row, String a, String b) {
        String x = row.getOrDefault(a, "");
        String y = row.getOrDefault(b, "");
        return x.isEmpty() && y.isEmpty() ? "–" : x + " / " + y;
    }

    private static String us(Map<String, String> row, String column) {
        return ScenarioTable.number(row, column).map(v -> f(v, 0)).orElse("–");
    }

    static String f(double value, int decimals) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "–" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

}
