package org.dbuslab.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Renders report.md, the human report. All numbers go through {@link Numbers}, never the default locale. */
final class ReportMarkdown {

    static final String FAILURE_WARNING = "WARNING: calls went wrong";
    private static final String TABLE_HEADER = """
            | transport | payload | window | runs | calls/run | mean (s) | median (s) | stddev (s) | min (s) | max (s) \
            | 95% CI of mean (s) | µs/call | calls/s | lost/mismatched/errors | × dbus-daemon |
            |---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|
            """;

    private ReportMarkdown() {
    }

    static String render(Analysis analysis) {
        StringBuilder md = new StringBuilder();
        Environment env = analysis.folder().environment();
        md.append("# D-Bus round-trip report\n\n");
        md.append("Generated ").append(analysis.generated()).append(" from `")
                .append(analysis.folder().dir().toAbsolutePath().normalize().getFileName()).append("`; session started ")
                .append(env.text("date_utc")).append(".\n\n");
        machine(md, env);
        howToRead(md);
        results(md, analysis.cells());
        correctness(md, analysis);
        skipped(md, analysis);
        inputWarnings(md, analysis.folder().warnings());
        return md.toString();
    }

    private static void machine(StringBuilder md, Environment env) {
        md.append("## Machine\n\n");
        if (!env.recorded()) {
            md.append("environment.json was missing: the machine is unknown.\n\n");
        }
        md.append("- Host: ").append(env.text("hostname")).append(", ").append(env.text("os")).append('\n')
                .append("- Kernel: ").append(env.text("kernel")).append('\n')
                .append("- CPU: ").append(env.text("cpu_model")).append(" × ").append(env.text("cpu_count")).append('\n')
                .append("- Memory: ").append(Numbers.memoryFromKb(env.text("memory_total_kb"))).append('\n')
                .append("- Java: ").append(env.text("java_version")).append(" (").append(env.text("java_vm"))
                .append("), flags: ").append(env.text("jvm_flags")).append('\n')
                .append("- dbus-daemon: ").append(env.text("dbus_daemon_version")).append('\n')
                .append("- dbus-broker: ").append(env.text("dbus_broker_version")).append('\n')
                .append("- dbus-java: ").append(env.text("dbus_java_version")).append('\n')
                .append("- Lab git revision: ").append(env.text("lab_git_revision")).append("\n\n");
    }

    private static void howToRead(StringBuilder md) {
        md.append("""
                ## How to read this

                A *run* is one client making *calls/run* echo calls of the given payload (sync: one at a time; async: up to *window* in flight), timed from first send to last verified reply; warm-up runs are not in the statistics.
                *µs/call* is the median run time divided by calls per run; the 95% CI is a Student-t interval of the mean run time.
                *× dbus-daemon* divides µs/call by dbus-daemon's at the same mode, payload and window: below 1 is faster than dbus-daemon, above 1 slower.
                The numbers hold for this machine and this session only.

                """);
    }

    private static void results(StringBuilder md, List<CellSummary> cells) {
        if (cells.isEmpty()) {
            md.append("## Results\n\nNo runs were recorded.\n\n");
            return;
        }
        Map<String, List<CellSummary>> byMode = cells.stream()
                .collect(Collectors.groupingBy(c -> c.key().mode(), LinkedHashMap::new, Collectors.toList()));
        byMode.forEach((mode, modeCells) -> {
            md.append("## Results: ").append(mode).append("\n\n").append(TABLE_HEADER);
            modeCells.forEach(cell -> md.append(row(cell)).append('\n'));
            int warmups = modeCells.stream().mapToInt(CellSummary::warmupRuns).sum();
            md.append("\nWarm-up runs not counted above: ").append(warmups).append(".\n\n");
        });
    }

    static String row(CellSummary cell) {
        CellKey key = cell.key();
        SampleStatistics s = cell.elapsedSeconds();
        String ci = Double.isFinite(s.ci95Low())
                ? Numbers.seconds(s.ci95Low()) + " – " + Numbers.seconds(s.ci95High()) : Numbers.NOT_AVAILABLE;
        Counts c = cell.counts();
        return "| " + String.join(" | ",
                key.transport().replace("|", "\\|"), key.payloadBytes() + " B", String.valueOf(key.window()),
                String.valueOf(cell.runs()), String.valueOf(key.calls()),
                Numbers.seconds(s.mean()), Numbers.seconds(s.median()), Numbers.seconds(s.stddev()),
                Numbers.seconds(s.min()), Numbers.seconds(s.max()), ci,
                Numbers.microseconds(cell.usPerCallMedian()), Numbers.perSecond(cell.callsPerSecond()),
                c.lost() + "/" + c.mismatched() + "/" + c.errors(), Numbers.ratio(cell.ratioToDbusDaemon())) + " |";
    }

    private static void correctness(StringBuilder md, Analysis analysis) {
        Counts total = analysis.totalCounts();
        md.append("## Correctness\n\nLost / mismatched / errors over all measured runs: ")
                .append(total.lost()).append(" / ").append(total.mismatched()).append(" / ").append(total.errors()).append(".\n\n");
        List<CellSummary> failing = analysis.cellsWithFailures();
        if (!failing.isEmpty()) {
            String cells = failing.stream().map(ReportMarkdown::failure).collect(Collectors.joining("; "));
            md.append("**⚠ ").append(FAILURE_WARNING).append(" in ").append(failing.size())
                    .append(" cell(s), their timings are suspect: ").append(cells).append(".**\n\n");
        }
    }

    private static String failure(CellSummary cell) {
        String text = cell.key().label() + " (" + cell.counts().describe();
        if (!cell.warmupCounts().isClean()) {
            text += "; during warm-up " + cell.warmupCounts().describe();
        }
        return text + ")";
    }

    private static void skipped(StringBuilder md, Analysis analysis) {
        md.append("## Skipped\n\n");
        if (analysis.folder().skipped().isEmpty() && analysis.gaps().isEmpty()) {
            md.append("none\n\n");
            return;
        }
        analysis.folder().skipped().forEach(s -> md.append("- `").append(s.transport()).append("`: ").append(s.reason()).append('\n'));
        analysis.gaps().forEach(gap -> md.append("- `").append(gap.transport()).append('`')
                .append(gap.cell() == null ? "" : " " + gap.cell().shape()).append(": ").append(gap.problem()).append('\n'));
        md.append('\n');
    }

    private static void inputWarnings(StringBuilder md, List<String> warnings) {
        if (warnings.isEmpty()) {
            return;
        }
        md.append("## Input warnings\n\n");
        warnings.forEach(w -> md.append("- ").append(w).append('\n'));
        md.append('\n');
    }
}
