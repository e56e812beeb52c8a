package org.dbuslab.analysis.report;

import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellOrder;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.scenarios.ColdStartRow;
import org.dbuslab.analysis.scenarios.ReadsRow;
import org.dbuslab.analysis.scenarios.ScenarioSkip;
import org.dbuslab.analysis.scenarios.ScenarioSummary;
import org.dbuslab.analysis.scenarios.ScenariosMarkdown;
import org.dbuslab.analysis.scenarios.SeedFigures;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * "What the seed's experiments look like today": the Agama blog's cold start and 100 property reads (REFERENCE.md §2)
 * as ratios beside the blog's, read off the scenario summary the scenarios section shows (no second computation). On
 * dbus-daemon when the scenarios ran there, else on their first bus. Contenders the session skipped are named; the
 * blog's seconds are on their hardware, so only ratios and shapes are set side by side.
 */
public final class SeedFinding {

    /** Today's cold-start contenders the seed's question is about, in the sentence's order, with their names. */
    private static final Map<String, String> COLD = Map.of("java", "Java", "java-cds", "Java with AppCDS",
            "java25-aot", "Java 25 with its AOT cache", "java-lean", "the lean Java client (JDK only) with AppCDS",
            "java25-lean-aot", "the lean client on Java 25 with its AOT cache", "ruby-dbus", "the seed's ruby-dbus script");
    private static final List<String> COLD_ORDER = List.of("java", "java-cds", "java25-aot", "java-lean", "java25-lean-aot",
            "ruby-dbus");
    private static final String RUBY_READS = "ruby-dbus-seed";

    private SeedFinding() {
    }

    public static List<String> of(Analysis analysis) {
        Optional<ScenarioSummary> summary = analysis.scenarios().summary();
        if (summary.isEmpty()) {
            return List.of();
        }
        List<String> findings = new ArrayList<>();
        coldStart(summary.get()).ifPresent(findings::add);
        reads(summary.get()).ifPresent(findings::add);
        return findings;
    }

    private static String bus(List<String> buses) {
        return buses.contains(CellOrder.BASELINE_TRANSPORT) ? CellOrder.BASELINE_TRANSPORT : buses.get(0);
    }

    /** "The seed's cold start today, on dbus-daemon, per CLI run: Java 88.8× busctl's wall time (95% CI 73.3–97.9), …" */
    private static Optional<String> coldStart(ScenarioSummary s) {
        if (s.coldStartBuses().isEmpty()) {
            return Optional.empty();
        }
        String bus = bus(s.coldStartBuses());
        List<ColdStartRow> rows = s.coldStart(bus);
        boolean busctl = rows.stream().anyMatch(r -> r.contender().equals(ColdStartRow.BUSCTL) && r.ok() > 0);
        List<String> parts = new ArrayList<>();
        for (String contender : COLD_ORDER) {
            rows.stream().filter(r -> r.contender().equals(contender)).findFirst().ifPresent(r -> parts.add(COLD.get(contender)
                    + (busctl && r.ok() > 0 ? " " + times(r, parts.isEmpty()) : "") + (r.ok() < r.runs() ? " (" + r.ok() + " of " + r.runs()
                    + " runs ok)" : "")));
        }
        String measured = parts.isEmpty() ? "no Java or ruby-dbus contender ran"
                : busctl ? String.join(", ", parts) : String.join(", ", parts) + " ran, but busctl did not, so there is no ratio";
        return Optional.of("The seed's cold start today, on " + bus + ", per CLI run: " + measured + notRun(s, "cold-start", bus)
                + "; the seed measured ruby 3.1 + ruby-dbus at " + ratio(SeedFigures.COLD_RUBY31_S / SeedFigures.COLD_ZBUS_S)
                + "× Rust + zbus.");
    }

    /** "88.8× busctl's wall time (95% CI 80.1–97.3)", the unit named only the first time: the section's × busctl column. */
    private static String times(ColdStartRow r, boolean first) {
        String text = ScenariosMarkdown.timesBusctl(r);
        String unit = first ? "× busctl's wall time" : "×";
        int ci = text.indexOf(" (");
        return ci < 0 ? text + unit : text.substring(0, ci) + unit + " (95% CI " + text.substring(ci + 2);
    }

    /** "100 property reads on dbus-daemon (…): a Get per read takes 1829× as long as reading the cache and sends 100 messages, …" */
    private static Optional<String> reads(ScenarioSummary s) {
        if (s.readsBuses().isEmpty()) {
            return Optional.empty();
        }
        String bus = bus(s.readsBuses());
        List<ReadsRow> rows = s.reads(bus);
        Optional<ReadsRow> cached = strategy(rows, "cached");
        List<String> parts = new ArrayList<>();
        for (String[] other : new String[][] {{"get", "a Get per read"}, {"introspect-get", "Introspect-then-Get"}}) {
            strategy(rows, other[0]).ifPresent(r -> {
                boolean first = parts.isEmpty();
                String time = cached.map(c -> (first ? "takes " : "") + ratio(r.readsNs().median() / c.readsNs().median())
                        + (first ? "× as long as reading the cache and sends " : "× and ")).orElse("sends ");
                parts.add(other[1] + " " + time + sent(r, "msgs_reads_sent"));
            });
        }
        String cache = cached.map(c -> "the cache " + (c.messages("msgs_reads_sent").orElse(-1.0) == 0 ? "none"
                : sent(c, "msgs_reads_sent")) + " (" + sent(c, "msgs_total_sent") + " on the whole connection)")
                .orElse("the cached strategy did not run");
        String ruby = strategy(rows, RUBY_READS).map(r -> ", the seed's ruby-dbus script " + sent(r, "msgs_total_sent")
                + (r.count().getOrDefault("sent_by_member", "").isEmpty() ? "" : " (" + r.count().get("sent_by_member") + ")"))
                .orElse("");
        return Optional.of("100 property reads on " + bus + " (reads phase, medians of the measured runs): "
                + (parts.isEmpty() ? "" : String.join(", ", parts) + ", ") + cache + ruby + notRun(s, "property-reads", bus)
                + "; the seed measured ruby-dbus (Introspect, then Get) at " + ratio(SeedFigures.READS_RUBY_S / SeedFigures.READS_ZBUS_S)
                + "× zbus's cache (" + Numbers.fixed(SeedFigures.READS_RUBY_S, 1) + " s ÷ " + Numbers.fixed(SeedFigures.READS_ZBUS_S, 3)
                + " s, whole processes).");
    }

    private static Optional<ReadsRow> strategy(List<ReadsRow> rows, String strategy) {
        return rows.stream().filter(r -> r.strategy().equals(strategy) && r.runs() > 0).findFirst();
    }

    /** "100 messages", or "an unknown number of messages" without an observed run. */
    private static String sent(ReadsRow r, String column) {
        return r.messages(column).map(n -> Math.round(n) + (Math.round(n) == 1 ? " message" : " messages"))
                .orElse("an uncounted number of messages");
    }

    /** "; not run here: ruby-dbus (ruby not installed), zbus (…)" from skipped.tsv, or nothing. */
    private static String notRun(ScenarioSummary s, String scenario, String bus) {
        List<ScenarioSkip> skipped = s.skipped().stream().filter(k -> k.scenario().equals(scenario) && k.bus().equals(bus)).toList();
        return skipped.isEmpty() ? "" : "; not run here: " + skipped.stream()
                .map(k -> k.contender() + (k.shortReason().isEmpty() ? "" : " (" + k.shortReason() + ")")).collect(Collectors.joining(", "));
    }

    /** One decimal below 100, none above: 3.9, 88.8, 1829. */
    private static String ratio(double value) {
        return Numbers.fixed(value, value >= 100 ? 0 : 1);
    }
}
