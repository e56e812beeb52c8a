package org.dbuslab.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * report.md, the human report: machine and versions, the lab's health figures, the headline table and the
 * verdicts first, the sweep and the over-limit check, details after. The words and
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
        environment(md, analysis.folder().environment());
        health(md, analysis);
        if (analysis.cells().isEmpty()) {
            md.append("## Headline: µs per call\n\n").append(ReportText.noSubjectRuns(analysis)).append("\n\n");
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
        whereTimeGoes(md, analysis);
        precision(md, analysis);
        sweep(md, analysis);
        checks(md, analysis);
        latency(md, analysis);
        details(md, analysis);
        runOrder(md, analysis);
        md.append("## Correctness\n\n").append(ReportText.correctness(analysis)).append("\n\n");
        list(md, "Skipped", ReportText.skipped(analysis));
        scenarios(md, analysis);
        md.append("## How to read this\n\n");
        ReportText.howToRead(analysis).forEach(p -> md.append(escape(p)).append("\n\n"));
        if (!analysis.folder().warnings().isEmpty()) {
            list(md, "Input warnings", analysis.folder().warnings());
        }
        return md.toString().stripTrailing() + "\n";
    }

    /** Lab health: overhead over libdbus, then the raw-socket floor. */
    private static void health(StringBuilder md, Analysis analysis) {
        LabHealth health = analysis.health();
        md.append("## Lab health\n\n");
        if (health.isEmpty()) {
            md.append(escape(ReportText.noHealth())).append("\n\n");
            jit(md, analysis);
            return;
        }
        md.append(escape(ReportText.healthIntro())).append("\n\n");
        if (!health.overhead().isEmpty()) {
            md.append("### Overhead over libdbus\n\n");
            table(md, ReportTables.overhead(health));
            md.append("**").append(escape(ReportText.halfBytesNote())).append("**\n\n");
            ReportText.spamNotes(analysis).forEach(n -> md.append(escape(n)).append("\n\n"));
            List<String> skipped = ReportText.skippedPairs(health);
            skipped.forEach(line -> md.append("- ").append(escape(line)).append('\n'));
            if (!skipped.isEmpty()) {
                md.append('\n');
            }
        }
        if (!health.floor().isEmpty()) {
            md.append("### Raw-socket floor\n\n").append(escape(ReportText.floorIntro())).append("\n\n");
            table(md, ReportTables.floor(health));
        }
        jit(md, analysis);
    }

    private static void jit(StringBuilder md, Analysis analysis) {
        ReportText.jitNotes(analysis).forEach(n -> md.append(escape(n)).append("\n\n"));
    }

    private static void whereTimeGoes(StringBuilder md, Analysis analysis) {
        md.append("## ").append(WhereTimeGoes.TITLE).append("\n\n");
        if (!analysis.cpuRecorded()) {
            md.append(WhereTimeGoes.noCpu()).append("\n\n");
            return;
        }
        md.append(escape(WhereTimeGoes.intro())).append("\n\n");
        table(md, WhereTimeGoes.table(analysis));
        if (WhereTimeGoes.anySpam(analysis)) {
            md.append(escape(WhereTimeGoes.spamNote())).append("\n\n");
        }
    }

    private static void precision(StringBuilder md, Analysis analysis) {
        md.append("## ").append(PrecisionView.TITLE).append("\n\n").append(escape(PrecisionView.intro(analysis))).append("\n\n");
        if (!analysis.cells().isEmpty()) {
            table(md, PrecisionView.table(analysis));
        }
        List<String> comparisons = PrecisionView.comparisons(analysis);
        if (!comparisons.isEmpty()) {
            md.append("Headline comparisons (the runner's stopping rule, precision.tsv):\n\n");
            comparisons.forEach(line -> md.append("- ").append(escape(line)).append('\n'));
            md.append('\n');
        }
        md.append(escape(PrecisionView.pairingIntro())).append("\n\n");
        PrecisionView.pairing(analysis).forEach(line -> md.append("- ").append(escape(line)).append('\n'));
        md.append('\n');
    }

    private static void sweep(StringBuilder md, Analysis analysis) {
        md.append("## Pipelining-depth sweep\n\n");
        if (analysis.sweep().isEmpty()) {
            md.append(ReportText.noSweep()).append("\n\n");
            return;
        }
        md.append(escape(ReportText.sweepIntro())).append("\n\n");
        table(md, ReportTables.sweep(analysis.sweep()));
        if (!analysis.sweepSteps().isEmpty()) {
            md.append("### Window against the next smaller window\n\n");
            table(md, ReportTables.sweepSteps(analysis.sweepSteps()));
        }
    }

    private static void checks(StringBuilder md, Analysis analysis) {
        md.append("## Over-limit check\n\n");
        List<String> notes = ReportText.labNotes(analysis);
        if (analysis.checks().isEmpty() && notes.isEmpty()) {
            md.append(ReportText.noChecks()).append("\n\n");
            return;
        }
        analysis.checks().forEach(check -> md.append(check.asExpected() ? "- " + escape(check.text())
                : "- **⚠ " + escape(check.text()) + "**").append('\n'));
        notes.forEach(n -> md.append("- ").append(escape(n)).append('\n'));
        md.append('\n');
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
        table(md, ReportTables.latency(analysis.tableCells()));
    }

    private static void details(StringBuilder md, Analysis analysis) {
        Map<String, List<CellSummary>> byMode = analysis.tableCells().stream()
                .collect(Collectors.groupingBy(c -> c.key().mode(), LinkedHashMap::new, Collectors.toList()));
        byMode.forEach((mode, cells) -> {
            md.append("## Details: ").append(mode).append("\n\n### Run time\n\n");
            table(md, ReportTables.runTimes(cells));
            md.append("### Cost per call\n\n");
            table(md, ReportTables.perCall(cells));
        });
        if (analysis.tableCells().stream().anyMatch(c -> c.fixedCost().corrected() > 0)) {
            md.append(escape(ReportText.fixedCostFootnote())).append("\n\n");
        }
        if (!analysis.allCells().isEmpty()) {
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
        md.append("## Machine and versions\n\n");
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
