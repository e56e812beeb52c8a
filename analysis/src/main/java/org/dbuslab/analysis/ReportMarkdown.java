package org.dbuslab.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * report.md, the human report: the headline table and the verdicts first, details after. The words and
 * numbers come from {@link ReportText} and {@link ReportTables}; this class only lays them out.
 */
final class ReportMarkdown implements ReportWriter {

    static final String FILE = "report.md";
    static final String FAILURE_WARNING = ReportText.FAILURE_WARNING;

    @Override
    public String fileName() {
        return FILE;
    }

    @Override
    public String render(Analysis analysis) {
        StringBuilder md = new StringBuilder();
        md.append("# D-Bus round-trip report\n\n").append(ReportText.generatedLine(analysis)).append("\n\n");
        if (analysis.cells().isEmpty()) {
            md.append("No runs were recorded.\n\n");
        } else {
            md.append("## Headline: µs per call\n\n").append(ReportText.headlineNote(analysis)).append("\n\n");
            table(md, ReportTables.headline(analysis));
            for (String baseline : analysis.baselines()) {
                List<CellComparison> comparisons = analysis.comparisonsAgainst(baseline);
                md.append("## Against ").append(baseline).append("\n\n");
                if (comparisons.isEmpty()) {
                    md.append("No other transport has a cell to compare with ").append(baseline).append(".\n\n");
                } else {
                    comparisons.forEach(c -> md.append("- ").append(escape(ComparisonText.line(c))).append('\n'));
                    md.append('\n');
                }
            }
        }
        warnings(md, analysis);
        latency(md, analysis);
        details(md, analysis);
        runOrder(md, analysis);
        md.append("## Correctness\n\n").append(ReportText.correctness(analysis)).append("\n\n");
        list(md, "Skipped", ReportText.skipped(analysis));
        scenarios(md, analysis);
        environment(md, analysis.folder().environment());
        md.append("## How to read this\n\n");
        ReportText.howToRead(analysis).forEach(p -> md.append(escape(p)).append("\n\n"));
        if (!analysis.folder().warnings().isEmpty()) {
            list(md, "Input warnings", analysis.folder().warnings());
        }
        return md.toString().stripTrailing() + "\n";
    }

    /** The client-library scenarios (lab/run-scenarios.sh), when the session ran them. */
    private static void scenarios(StringBuilder md, Analysis analysis) {
        try {
            md.append(org.dbuslab.analysis.scenarios.ScenariosMarkdown.render(analysis.folder().dir()));
        } catch (java.io.IOException e) {
            md.append("Scenario results could not be read: ").append(e.getMessage()).append("\n\n");
        }
    }

    private static void warnings(StringBuilder md, Analysis analysis) {
        md.append("## Warnings\n\n");
        List<String> warnings = ReportText.warnings(analysis);
        if (warnings.isEmpty()) {
            md.append("none\n\n");
            return;
        }
        warnings.forEach(w -> md.append("- **⚠ ").append(escape(w)).append("**\n"));
        md.append('\n');
    }

    private static void latency(StringBuilder md, Analysis analysis) {
        md.append("## Per-call latency\n\n");
        if (!analysis.latencyRecorded()) {
            md.append("Not recorded in this session (runs.csv has no latency_log).\n\n");
            return;
        }
        table(md, ReportTables.latency(analysis.cells()));
    }

    private static void details(StringBuilder md, Analysis analysis) {
        Map<String, List<CellSummary>> byMode = analysis.cells().stream()
                .collect(Collectors.groupingBy(c -> c.key().mode(), LinkedHashMap::new, Collectors.toList()));
        byMode.forEach((mode, cells) -> {
            md.append("## Details: ").append(mode).append("\n\n### Run time\n\n");
            table(md, ReportTables.runTimes(cells));
            md.append("### Cost per call\n\n");
            table(md, ReportTables.perCall(cells));
        });
        if (!analysis.cells().isEmpty()) {
            md.append(ReportText.warmups(analysis)).append("\n\n");
        }
    }

    private static void runOrder(StringBuilder md, Analysis analysis) {
        md.append("## Run order\n\n").append(ReportText.runOrderIntro(analysis)).append("\n\n");
        List<String> lines = ReportText.runOrder(analysis);
        lines.forEach(line -> md.append("- ").append(escape(line)).append('\n'));
        if (!lines.isEmpty()) {
            md.append('\n');
        }
    }

    private static void environment(StringBuilder md, Environment env) {
        md.append("## Environment\n\n");
        if (!env.recorded()) {
            md.append("environment.json was missing: the machine is unknown.\n\n");
        }
        EnvironmentView.entries(env).forEach(e -> md.append("- ").append(escape(e.label())).append(": ")
                .append(escape(e.value())).append('\n'));
        md.append('\n');
    }

    private static void list(StringBuilder md, String title, List<String> lines) {
        md.append("## ").append(title).append("\n\n");
        if (lines.isEmpty()) {
            md.append("none\n\n");
            return;
        }
        lines.forEach(line -> md.append("- ").append(escape(line)).append('\n'));
        md.append('\n');
    }

    static void table(StringBuilder md, Table table) {
        md.append("| ").append(table.header().stream().map(ReportMarkdown::cell).collect(Collectors.joining(" | "))).append(" |\n|");
        table.numeric().forEach(numeric -> md.append(numeric ? "--:|" : "---|"));
        md.append('\n');
        table.rows().forEach(row -> md.append("| ").append(row.stream().map(ReportMarkdown::cell)
                .collect(Collectors.joining(" | "))).append(" |\n"));
        md.append('\n');
    }

    private static String cell(String text) {
        return escape(text).replace("|", "\\|");
    }

    /**
     * Keeps text from the results folder (names, reasons) from turning into Markdown markup. Underscores
     * stay: inside words (started_utc) they are not emphasis in CommonMark; so does a "<" that cannot
     * open an HTML tag, such as "p < 0.05".
     */
    static String escape(String text) {
        return text.replace("\\", "\\\\").replace("*", "\\*").replaceAll("<(?=[A-Za-z/!?])", "&lt;");
    }
}
