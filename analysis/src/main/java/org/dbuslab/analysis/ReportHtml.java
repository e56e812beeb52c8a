package org.dbuslab.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * report.html: the content of report.md plus charts, in one self-contained file (inline CSS, charts as
 * inline SVG, nothing fetched) that can be mailed or attached to a ticket.
 */
final class ReportHtml implements ReportWriter {

    static final String FILE = "report.html";
    private static final String STYLE = """
            body { font-family: system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; margin: 2em auto; max-width: 1320px;
                   padding: 0 1em; color: #222; line-height: 1.45; }
            h1 { margin-bottom: 0.2em; } h2 { margin-top: 1.8em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; }
            table { border-collapse: collapse; margin: 0.8em 0 1.2em; font-size: 0.9em; }
            th, td { border: 1px solid #ddd; padding: 0.3em 0.6em; vertical-align: top; }
            th { background: #f4f4f4; text-align: left; }
            td:first-child { white-space: nowrap; }
            table.details { font-size: 0.82em; }
            td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            .headline td, .headline th { font-size: 1.05em; padding: 0.45em 0.8em; }
            .verdicts li { margin: 0.2em 0; }
            .warning { color: #8a1c00; font-weight: bold; }
            .note { color: #555; }
            .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(600px, 1fr)); gap: 1em; }
            figure { margin: 0; border: 1px solid #eee; padding: 0.3em; }
            figure svg { max-width: 100%; height: auto; display: block; }
            .scroll { overflow-x: auto; }
            """;

    @Override
    public String fileName() {
        return FILE;
    }

    @Override
    public String render(Analysis analysis) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>D-Bus round-trip report — ").append(esc(ReportText.folderName(analysis))).append("</title>\n")
                .append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n")
                .append("<h1>D-Bus round-trip report</h1>\n")
                .append("<p class=\"note\">").append(esc(ReportText.generatedLine(analysis))).append("</p>\n");
        environment(h, analysis.folder().environment());
        health(h, analysis);
        if (analysis.cells().isEmpty()) {
            h.append("<h2>Headline: µs per call</h2>\n<p>").append(esc(ReportText.noSubjectRuns(analysis))).append("</p>\n");
        } else {
            h.append("<h2>Headline: µs per call</h2>\n<p class=\"note\">").append(esc(ReportText.headlineNote(analysis))).append("</p>\n");
            table(h, ReportTables.headline(analysis), "headline");
            for (String baseline : analysis.baselines()) {
                h.append("<h2>Against ").append(esc(baseline)).append("</h2>\n");
                List<CellComparison> comparisons = analysis.comparisonsAgainst(baseline);
                if (comparisons.isEmpty()) {
                    h.append("<p>No other transport has a cell to compare with ").append(esc(baseline)).append(".</p>\n");
                } else {
                    list(h, comparisons.stream().map(ComparisonText::line).toList(), "verdicts");
                }
            }
        }
        warnings(h, analysis);
        figures(h, "µs per call by transport, mode and payload", Charts.perCall(analysis));
        whereTimeGoes(h, analysis);
        precision(h, analysis);
        sweep(h, analysis);
        checks(h, analysis);
        h.append("<h2>Per-call latency</h2>\n");
        if (!analysis.latencyRecorded()) {
            h.append("<p>Not recorded in this session (runs.csv has no latency_log).</p>\n");
        } else {
            table(h, ReportTables.latency(analysis.tableCells()), "");
            charts(h, Charts.latency(analysis));
        }
        figures(h, "Run-time distributions", Charts.runTimes(analysis));
        details(h, analysis);
        h.append("<h2>Run order</h2>\n<p>").append(esc(ReportText.runOrderIntro(analysis))).append("</p>\n");
        list(h, ReportText.runOrder(analysis), "");
        h.append("<h2>Correctness</h2>\n<p>").append(esc(ReportText.correctness(analysis))).append("</p>\n");
        h.append("<h2>Skipped</h2>\n");
        listOrNone(h, ReportText.skipped(analysis));
        h.append(ScenariosHtml.render(analysis.folder().dir()));
        h.append("<h2>How to read this</h2>\n");
        ReportText.howToRead(analysis).forEach(p -> h.append("<p>").append(esc(p)).append("</p>\n"));
        if (!analysis.folder().warnings().isEmpty()) {
            h.append("<h2>Input warnings</h2>\n");
            list(h, analysis.folder().warnings(), "");
        }
        h.append("</body>\n</html>\n");
        return h.toString();
    }

    private static void warnings(StringBuilder h, Analysis analysis) {
        h.append("<h2>Warnings</h2>\n");
        List<String> warnings = ReportText.warnings(analysis);
        if (warnings.isEmpty()) {
            h.append("<p>none</p>\n");
            return;
        }
        h.append("<ul>\n");
        warnings.forEach(w -> h.append("<li class=\"warning\">⚠ ").append(esc(w)).append("</li>\n"));
        h.append("</ul>\n");
    }

    /** Lab health: overhead over libdbus, then the raw-socket floor. */
    private static void health(StringBuilder h, Analysis analysis) {
        LabHealth health = analysis.health();
        h.append("<h2>Lab health</h2>\n");
        if (health.isEmpty()) {
            h.append("<p>").append(esc(ReportText.noHealth())).append("</p>\n");
            jit(h, analysis);
            return;
        }
        h.append("<p class=\"note\">").append(esc(ReportText.healthIntro())).append("</p>\n");
        if (!health.overhead().isEmpty()) {
            h.append("<h3>Overhead over libdbus</h3>\n");
            table(h, ReportTables.overhead(health), "health");
            h.append("<p><strong>").append(esc(ReportText.halfBytesNote())).append("</strong></p>\n");
            ReportText.spamNotes(analysis).forEach(n -> h.append("<p class=\"note\">").append(esc(n)).append("</p>\n"));
            list(h, ReportText.skippedPairs(health), "");
        }
        if (!health.floor().isEmpty()) {
            h.append("<h3>Raw-socket floor</h3>\n<p class=\"note\">").append(esc(ReportText.floorIntro())).append("</p>\n");
            table(h, ReportTables.floor(health), "health");
        }
        jit(h, analysis);
    }

    private static void jit(StringBuilder h, Analysis analysis) {
        ReportText.jitNotes(analysis).forEach(n -> h.append("<p class=\"note\">").append(esc(n)).append("</p>\n"));
    }

    private static void whereTimeGoes(StringBuilder h, Analysis analysis) {
        h.append("<h2>").append(esc(WhereTimeGoes.TITLE)).append("</h2>\n");
        if (!analysis.cpuRecorded()) {
            h.append("<p>").append(esc(WhereTimeGoes.noCpu())).append("</p>\n");
            return;
        }
        h.append("<p class=\"note\">").append(esc(WhereTimeGoes.intro())).append("</p>\n");
        table(h, WhereTimeGoes.table(analysis), "details");
        if (WhereTimeGoes.anySpam(analysis)) {
            h.append("<p class=\"note\">").append(esc(WhereTimeGoes.spamNote())).append("</p>\n");
        }
        charts(h, Charts.cpu(analysis));
    }

    private static void precision(StringBuilder h, Analysis analysis) {
        h.append("<h2>").append(esc(PrecisionView.TITLE)).append("</h2>\n<p class=\"note\">")
                .append(esc(PrecisionView.intro(analysis))).append("</p>\n");
        if (!analysis.cells().isEmpty()) {
            table(h, PrecisionView.table(analysis), "details");
        }
        List<String> comparisons = PrecisionView.comparisons(analysis);
        if (!comparisons.isEmpty()) {
            h.append("<p>Headline comparisons (the runner's stopping rule, precision.tsv):</p>\n");
            list(h, comparisons, "");
        }
        h.append("<p class=\"note\">").append(esc(PrecisionView.pairingIntro())).append("</p>\n");
        list(h, PrecisionView.pairing(analysis), "");
    }

    private static void sweep(StringBuilder h, Analysis analysis) {
        h.append("<h2>Pipelining-depth sweep</h2>\n");
        if (analysis.sweep().isEmpty()) {
            h.append("<p>").append(esc(ReportText.noSweep())).append("</p>\n");
            return;
        }
        h.append("<p class=\"note\">").append(esc(ReportText.sweepIntro())).append("</p>\n");
        table(h, ReportTables.sweep(analysis.sweep()), "details");
        if (!analysis.sweepSteps().isEmpty()) {
            h.append("<h3>Window against the next smaller window</h3>\n");
            table(h, ReportTables.sweepSteps(analysis.sweepSteps()), "details");
        }
        charts(h, Charts.sweep(analysis));
    }

    private static void checks(StringBuilder h, Analysis analysis) {
        h.append("<h2>Over-limit check</h2>\n");
        List<String> notes = ReportText.labNotes(analysis);
        if (analysis.checks().isEmpty() && notes.isEmpty()) {
            h.append("<p>").append(esc(ReportText.noChecks())).append("</p>\n");
            return;
        }
        h.append("<ul>\n");
        analysis.checks().forEach(check -> h.append(check.asExpected() ? "<li>" : "<li class=\"warning\">⚠ ")
                .append(esc(check.text())).append("</li>\n"));
        notes.forEach(n -> h.append("<li>").append(esc(n)).append("</li>\n"));
        h.append("</ul>\n");
    }

    private static void details(StringBuilder h, Analysis analysis) {
        Map<String, List<CellSummary>> byMode = analysis.tableCells().stream()
                .collect(Collectors.groupingBy(c -> c.key().mode(), LinkedHashMap::new, Collectors.toList()));
        byMode.forEach((mode, cells) -> {
            h.append("<h2>Details: ").append(esc(mode)).append("</h2>\n<h3>Run time</h3>\n");
            table(h, ReportTables.runTimes(cells), "details");
            h.append("<h3>Cost per call</h3>\n");
            table(h, ReportTables.perCall(cells), "details");
        });
        if (analysis.tableCells().stream().anyMatch(c -> c.fixedCost().corrected() > 0)) {
            h.append("<p class=\"note\">").append(esc(ReportText.fixedCostFootnote())).append("</p>\n");
        }
        if (!analysis.allCells().isEmpty()) {
            h.append("<p>").append(esc(ReportText.warmups(analysis))).append("</p>\n");
        }
    }

    private static void environment(StringBuilder h, Environment env) {
        h.append("<h2>Machine and versions</h2>\n");
        if (!env.recorded()) {
            h.append("<p class=\"warning\">environment.json was missing: the machine is unknown.</p>\n");
        }
        h.append("<table>\n");
        EnvironmentView.entries(env).forEach(e -> h.append("<tr><th>").append(esc(e.label())).append("</th><td>")
                .append(esc(e.value())).append("</td></tr>\n"));
        h.append("</table>\n");
    }

    private static void figures(StringBuilder h, String title, List<Figure> figures) {
        if (figures.isEmpty()) {
            return;
        }
        h.append("<h2>").append(esc(title)).append("</h2>\n");
        charts(h, figures);
    }

    private static void charts(StringBuilder h, List<Figure> figures) {
        h.append("<div class=\"charts\">\n");
        figures.forEach(f -> h.append("<figure>").append(f.svg()).append("</figure>\n"));
        h.append("</div>\n");
    }

    static void table(StringBuilder h, Table table, String cssClass) {
        h.append("<div class=\"scroll\"><table").append(cssClass.isEmpty() ? "" : " class=\"" + cssClass + "\"").append(">\n<tr>");
        table.header().forEach(c -> h.append("<th>").append(esc(c)).append("</th>"));
        h.append("</tr>\n");
        for (List<String> row : table.rows()) {
            h.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                h.append(table.numeric().get(i) ? "<td class=\"num\">" : "<td>").append(esc(row.get(i))).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</table></div>\n");
    }

    private static void list(StringBuilder h, List<String> items, String cssClass) {
        if (items.isEmpty()) {
            return;
        }
        h.append("<ul").append(cssClass.isEmpty() ? "" : " class=\"" + cssClass + "\"").append(">\n");
        items.forEach(item -> h.append("<li>").append(esc(item)).append("</li>\n"));
        h.append("</ul>\n");
    }

    private static void listOrNone(StringBuilder h, List<String> items) {
        if (items.isEmpty()) {
            h.append("<p>none</p>\n");
        } else {
            list(h, items, "");
        }
    }

    private static String esc(String text) {
        return Html.escape(text);
    }
}
