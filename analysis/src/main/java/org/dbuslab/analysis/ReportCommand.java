package org.dbuslab.analysis;

import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.output.ReportWriter;
import org.dbuslab.analysis.read.ResultsFolder;
import org.dbuslab.analysis.read.ResultsFolderReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code report DIR [--baseline TRANSPORT] [--equivalence-margin 5%]}: reads a results folder, writes every report into it. */
@Command(name = "report",
        description = {
                "Write summary.json, summary.csv, report.md and report.html for the results folder DIR.",
                "",
                "Reads DIR and writes into it: summary.json (statistics per cell, for programs), summary.csv (one row "
                        + "per cell, for spreadsheets), report.md (the human report) and report.html (the same with charts, "
                        + "one self-contained file), then prints their paths on stdout, one per line. Nothing is measured: "
                        + "the reports can be regenerated at any time. A cell is one combination of transport, mode, "
                        + "payload size, window and calls per run.",
                "",
                "Every transport is compared with dbus-daemon (and with --baseline) at the same mode, payload and "
                        + "window: ratio of medians (paired by block where both cells ran in the same blocks: the "
                        + "median of the per-block ratios) and difference in µs per call with bootstrap 95%% intervals "
                        + "(10000 resamples, fixed seed), Mann-Whitney U p-value, and a verdict: faster, slower, "
                        + "no significant difference, or too few runs to tell where the test could never reach α = 0.05; "
                        + "\"equivalent within ±M%%\" where the ratio's 90%% CI lies "
                        + "within --equivalence-margin (two one-sided tests, TOST, at α = 0.05). Cells of different CPU "
                        + "placements (runs.csv's placement) are never pooled: each placement is compared on its own, and a "
                        + "verdict whose direction differs between placements is \"depends on placement\".",
                "",
                "Input: runs.csv is required (a scale session's folder may have scale-runs.csv instead: the "
                        + "sections Many clients, Signals and match rules, At a distance); its warm-up rows are counted but kept out of the statistics, and "
                        + "a truncated last line (interrupted session) is skipped and unreadable or duplicate rows are set "
                        + "aside, with a warning on stderr that counts them; a runs.csv with no sound row left is "
                        + "refused. Per-call "
                        + "latency is read from the HdrHistogram logs named in runs.csv's latency_log column (never "
                        + "outside DIR, through a symbolic link either); a missing or corrupt log is a warning and its percentiles show as n/a. "
                        + "environment.json may be missing (the machine is then 'unknown'). skipped.tsv and "
                        + "plan.tsv are optional; a planned transport that has neither data nor a skip reason "
                        + "is reported as 'missing: no data'.",
                "",
                "Lab rows: runs.csv's pair, series and method columns (absent: dbus-java>dbus-java, matrix, echo) "
                        + "put libdbus pairs and the raw-socket floor into the Lab health section (overhead over "
                        + "libdbus, target 1.3x; N x the raw-socket floor), the sweep into its own table and chart, and "
                        + "the over-limit check (judged with notes.tsv) out of the correctness totals. Spam rows' "
                        + "per-call time is (elapsed_ns - fixed_ns) / (calls - 1).",
                "",
                "Existing reports are replaced atomically; the raw files are never changed."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
                "0:success",
                "1:the results folder cannot be analysed or the reports cannot be written",
                "2:wrong usage (unknown option, missing argument, a --baseline without runs, a bad --equivalence-margin)"})
public final class ReportCommand implements Callable<Integer> {

    /** The time written into the reports; tests fix it so their output is stable. */
    public static Clock clock = Clock.systemUTC();

    @Parameters(paramLabel = "DIR", description = "Results folder of one lab session, e.g. results/20250101T120000Z.")
    private Path dir;

    @Option(names = "--baseline", paramLabel = "TRANSPORT",
            description = "Also compare every transport with this one (dbus-daemon is always a baseline), "
                    + "and use it for the headline table.")
    private String baseline;

    @Option(names = "--equivalence-margin", paramLabel = "PERCENT", defaultValue = "5%",
            description = "Call two cells equivalent when the 90%% CI of their time ratio lies within this margin "
                    + "(default: ${DEFAULT-VALUE}).")
    private String equivalenceMargin;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        double marginPct = CompareCommand.percentOption("--equivalence-margin", equivalenceMargin) * 100;
        ResultsFolder folder = ResultsFolderReader.read(dir);
        Analysis analysis = Analysis.of(folder, clock.instant(), Optional.ofNullable(baseline), marginPct);
        if (baseline != null && !analysis.transports().contains(baseline)) {
            throw new UsageException("--baseline " + baseline + ": no measured runs of that transport in " + dir
                    + " (there are: " + String.join(", ", analysis.transports()) + ")");
        }
        folder.warnings().forEach(w -> err.println(AnalysisMain.NAME + ": warning: " + w));
        analysis.analysisWarnings().forEach(w -> err.println(AnalysisMain.NAME + ": WARNING: " + w));
        err.flush();
        List<Path> written = new ArrayList<>();
        try {
            for (ReportWriter writer : ReportWriter.all()) {
                written.add(writer.write(analysis, dir));
            }
            written.addAll(org.dbuslab.analysis.output.FlameGraphFiles.write(analysis, dir));
        } catch (IOException e) {
            return AnalysisMain.fail(err, "cannot write into " + dir + ": " + e, AnalysisMain.EXIT_DATA);
        }
        written.forEach(out::println);
        out.flush();
        return 0;
    }
}
