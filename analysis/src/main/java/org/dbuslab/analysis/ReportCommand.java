package org.dbuslab.analysis;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;

/** {@code report DIR}: reads a results folder, writes summary.json and report.md into it. */
@Command(name = "report",
        description = {
                "Write summary.json and report.md for the results folder DIR.",
                "",
                "Reads DIR and writes DIR/summary.json (statistics per cell, for programs) and DIR/report.md "
                        + "(the human report), then prints the two paths on stdout, one per line. "
                        + "A cell is one combination of transport, mode, payload size, window and calls per run.",
                "",
                "Input: runs.csv is required; its warm-up rows are counted but kept out of the statistics, and "
                        + "a truncated last line (interrupted session) is skipped with a warning on stderr. "
                        + "environment.json may be missing (the machine is then 'unknown'). skipped.tsv and "
                        + "plan.tsv are optional; a planned transport that has neither data nor a skip reason "
                        + "is reported as 'missing: no data'.",
                "",
                "Existing summary.json and report.md are replaced atomically; the raw files are never changed."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
                "0:success",
                "1:the results folder cannot be analysed or the reports cannot be written",
                "2:wrong usage (unknown option, missing argument)"})
final class ReportCommand implements Callable<Integer> {

    static final String SUMMARY_JSON = "summary.json";
    static final String REPORT_MD = "report.md";

    @Parameters(paramLabel = "DIR", description = "Results folder of one lab session, e.g. results/20250101T120000Z.")
    private Path dir;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ResultsFolder folder = ResultsFolderReader.read(dir);
        folder.warnings().forEach(w -> err.println(AnalysisMain.NAME + ": warning: " + w));
        err.flush();
        Analysis analysis = Analysis.of(folder, Instant.now());
        Path summary = dir.resolve(SUMMARY_JSON);
        Path report = dir.resolve(REPORT_MD);
        try {
            AtomicFiles.writeUtf8(summary, SummaryJson.render(analysis));
            AtomicFiles.writeUtf8(report, ReportMarkdown.render(analysis));
        } catch (IOException e) {
            return AnalysisMain.fail(err, "cannot write into " + dir + ": " + e, AnalysisMain.EXIT_DATA);
        }
        out.println(summary);
        out.println(report);
        out.flush();
        return 0;
    }
}
