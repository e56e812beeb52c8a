package org.dbuslab.analysis.scenarios;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Renders the client-library scenarios of a results folder (OUT/scenarios/, docs/SCENARIOS.md) as a Markdown
 * section, with the Agama blog's figures beside ours. Returns "" when the folder has no scenario results, so the
 * report can always call it: {@code md.append(ScenariosMarkdown.render(dir))}. The figures are {@link ScenarioSummary}'s.
 */
public final class ScenariosMarkdown {

    private ScenariosMarkdown() {
    }

    public static String render(Path resultsDir) throws IOException {
        return ScenarioSummary.read(resultsDir).map(ScenariosMarkdown::render).orElse("");
    }

    /** The section of an already read summary (the report reads it once for this section and its finding). */
    public static String render(ScenarioSummary summary) {
        StringBuilder md = new StringBuilder("## Client-library scenarios (Agama blog, 2023)\n\n");
        md.append("A mock of the service the blog measured (`org.opensuse.DInstaller.Software`, object "
            + "`/org/opensuse/DInstaller/Software1`, `AvailableBaseProducts` a(ss), `SelectedBaseProduct` s) on each "
            + "private bus; clients find it through `DBUS_SYSTEM_BUS_ADDRESS`. Plan: ")
            .append(summary.plan()).append(". The blog's figures are from ").append(SeedFigures.LABEL)
            .append(": compare orders of magnitude and ratios, not absolute times.\n\n");
        coldStart(md, summary);
        propertyReads(md, summary);
        freshness(md, summary.freshness());
        skipped(md, summary.skipped());
        return md.toString();
    }

    // ---------------------------------------------------------------- cold start

    private static void coldStart(StringBuilder md, ScenarioSummary summary) {
        md.append("### Cold start: one process per run connects, reads AvailableBaseProducts, prints it\n\n");
        if (summary.coldStart().isEmpty()) {
            md.append("Not run.\n\n");
            return;
        }
        md.append("Wall time per run from fork to reap (monotonic clock); CPU = user + sys of the process (kernel "
            + "rusage); peak RSS from GNU time. *per 100 runs* = mean × 100, the blog's unit. *× busctl* = median "
            + "wall time over busctl's on the same bus, with its bootstrap 95% CI. *baseline* is `/bin/true`: the "
            + "cost of starting any process here. *java*, *java-cds*, *java25-aot*: dbus-java + jnr-unixsocket, plain, "
            + "with an AppCDS archive (Java 17), with its AOT cache (JDK 25). *java-lean*, *java25-lean-aot*: the same "
            + "call on the JDK alone (lean/: SocketChannel, messages marshalled by hand), with its AppCDS archive "
            + "(Java 17) and its AOT cache (JDK 25).\n\n");
        for (String bus : summary.coldStartBuses()) {
            md.append("**").append(bus).append("**\n\n")
                .append("| contender | runs ok | median wall (ms) | p10–p90 (ms) | min–max (ms) | wall per 100 runs (s) "
                    + "| CPU per run (ms) | user per 100 runs (s) | peak RSS (MiB) | × busctl (95% CI) |\n")
                .append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
            for (ColdStartRow row : summary.coldStart(bus)) {
                Distribution wall = row.wall();
                md.append("| ").append(row.contender()).append(" | ").append(row.ok()).append('/').append(row.runs())
                    .append(" | ").append(f(wall.median() / 1e6, 1))
                    .append(" | ").append(f(wall.p10() / 1e6, 1)).append("–").append(f(wall.p90() / 1e6, 1))
                    .append(" | ").append(f(wall.min() / 1e6, 1)).append("–").append(f(wall.max() / 1e6, 1))
                    .append(" | ").append(f(wall.mean() * 100 / 1e9, 2))
                    .append(" | ").append(f(row.cpu().mean() / 1e3, 1))
                    .append(" | ").append(f(row.user().mean() * 100 / 1e6, 2))
                    .append(" | ").append(f(row.rss().median() / 1024, 1))
                    .append(" | ").append(timesBusctl(row)).append(" |\n");
            }
            md.append('\n');
        }
        md.append("The blog (").append(SeedFigures.LABEL).append("):\n\n").append(SeedFigures.COLD_START).append('\n');
    }

    /** "88.8 (80.1–97.3)", or the ratio alone when it has no CI (busctl itself, fewer than 2 runs). */
    public static String timesBusctl(ColdStartRow row) {
        String ratio = f(row.timesBusctl(), 1);
        return row.timesBusctlCi().isDefined()
            ? ratio + " (" + f(row.timesBusctlCi().low(), 1) + "–" + f(row.timesBusctlCi().high(), 1) + ")" : ratio;
    }

    // ---------------------------------------------------------------- property reads

    private static void propertyReads(StringBuilder md, ScenarioSummary summary) {
        md.append("### Property reads: 100 reads of AvailableBaseProducts in one process\n\n");
        if (summary.reads().isEmpty()) {
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
        for (String bus : summary.readsBuses()) {
            md.append("**").append(bus).append("**\n\n")
                .append("| strategy | runs | reads phase (ms) | per read (µs) | setup (ms) | connect+setup+reads (ms) "
                    + "| messages sent / received (whole connection) | reads phase sent / received | sent, by member |\n")
                .append("|---|--:|--:|--:|--:|--:|--:|--:|---|\n");
            for (ReadsRow row : summary.reads(bus)) {
                Map<String, String> count = row.count();
                md.append("| ").append(row.strategy()).append(" | ").append(row.runs())
                    .append(" | ").append(f(row.readsNs().median() / 1e6, 2))
                    .append(" | ").append(f(row.perReadUs(), 1))
                    .append(" | ").append(f(row.setupNs().median() / 1e6, 2))
                    .append(" | ").append(f(row.totalNs().median() / 1e6, 1))
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

    private static void freshness(StringBuilder md, List<Map<String, String>> rows) {
        md.append("### Cache freshness under PropertiesChanged\n\n");
        if (rows.isEmpty()) {
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
        for (Map<String, String> r : rows) {
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

    private static void skipped(StringBuilder md, List<ScenarioSkip> skipped) {
        if (skipped.isEmpty()) {
            return;
        }
        md.append("### Not measured here\n\n");
        Set<String> seen = new LinkedHashSet<>();
        for (ScenarioSkip skip : skipped) {
            if (seen.add(skip.scenario() + '\t' + skip.contender() + '\t' + skip.reason())) {
                md.append("- ").append(skip.scenario()).append(", ").append(skip.contender()).append(": ")
                    .append(skip.reason()).append('\n');
            }
        }
        md.append('\n');
    }

    // ---------------------------------------------------------------- helpers

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
