package org.dbuslab.analysis;

import org.dbuslab.analysis.compare.Change;
import org.dbuslab.analysis.compare.CompareReport;
import org.dbuslab.analysis.compare.FolderComparison;
import org.dbuslab.analysis.model.CellSummarizer;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.output.AtomicFiles;
import org.dbuslab.analysis.read.CellKey;
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
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code compare BASE_DIR NEW_DIR [--threshold 3%] [--fail-on-regression]}: a regression check between two sessions. */
@Command(name = "compare",
        description = {
                "Compare the results folder NEW_DIR with BASE_DIR, cell by cell, and report regressions.",
                "",
                "Each cell measured in both sessions is judged on its runs' µs per call: improved, regressed, "
                        + "no change, or too few runs to tell (the exact test could never reach p < 0.05 with its runs, "
                        + "e.g. 3 against 3). A cell counts as regressed (or improved) only when the change is statistically "
                        + "significant (bootstrap 95%% CI of the ratio of medians excludes 1 and Mann-Whitney p < 0.05) "
                        + "and larger than the noise threshold. Every line shows the change with its interval and "
                        + "p-value.",
                "",
                "With at least 10 cells in both sessions, each cell is judged beyond the shift all cells share (the "
                        + "median of their ratios, with its 95%% CI): most of what tells two sessions apart is the "
                        + "machine's state, common to every cell. The shift itself counts as a change of every cell "
                        + "only when its whole CI lies beyond --shift-threshold (two sessions of the same code on the "
                        + "2-core development machine differed by 6%%). --absolute judges each cell's own ratio.",
                "",
                "Cells match within their CPU placement (runs.csv's placement) only, and each placement has its own common "
                        + "shift. Per placement the report counts the cells with no change beyond the shift, those equivalent "
                        + "within --equivalence-margin (90%% CI of the ratio, TOST at α = 0.05), and the headline verdicts "
                        + "against dbus-daemon that flipped between faster and slower; those with too few runs to tell are counted apart (the "
                        + "no-change share is given of every cell and of those that can tell), and stderr says how many.",
                "",
                "The report is written to NEW_DIR/compare-<name of BASE_DIR>.md and printed on stdout."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
                "0:success (also with regressions, unless --fail-on-regression)",
                "1:a results folder cannot be analysed or the report cannot be written",
                "2:wrong usage (unknown option, missing argument, bad threshold)",
                "3:a cell (or the common shift) regressed and --fail-on-regression was given"})
public final class CompareCommand implements Callable<Integer> {

    private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*%?");

    @Parameters(index = "0", paramLabel = "BASE_DIR", description = "Results folder of the reference session.")
    private Path baseDir;

    @Parameters(index = "1", paramLabel = "NEW_DIR", description = "Results folder of the session to check.")
    private Path newDir;

    @Option(names = "--threshold", paramLabel = "PERCENT", defaultValue = "3%",
            description = "Smallest change of µs per call that counts, in percent (default: ${DEFAULT-VALUE}, the default"
                    + " session's precision target: a difference below the precision each session promises is not one"
                    + " the sessions resolve).")
    private String threshold;

    @Option(names = "--shift-threshold", paramLabel = "PERCENT", defaultValue = "10%",
            description = "Smallest shift common to every cell that counts as a change, in percent "
                    + "(default: ${DEFAULT-VALUE}).")
    private String shiftThreshold;

    @Option(names = "--absolute", description = "Judge each cell's own change, without taking out the common shift.")
    private boolean absolute;

    @Option(names = "--equivalence-margin", paramLabel = "PERCENT", defaultValue = "5%",
            description = "Call a cell equivalent in both sessions when the 90%% CI of its ratio beyond the shift lies "
                    + "within this margin (default: ${DEFAULT-VALUE}).")
    private String equivalenceMargin;

    @Option(names = "--fail-on-regression", description = "Exit with 3 if any cell regressed (for CI).")
    private boolean failOnRegression;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        double fraction = parseThreshold("--threshold", threshold);
        double shiftFraction = parseThreshold("--shift-threshold", shiftThreshold);
        double marginPct = percentOption("--equivalence-margin", equivalenceMargin) * 100;
        ResultsFolder base = ResultsFolderReader.read(baseDir);
        ResultsFolder current = ResultsFolderReader.read(newDir);
        base.warnings().forEach(w -> err.println(AnalysisMain.NAME + ": warning: " + baseDir + ": " + w));
        current.warnings().forEach(w -> err.println(AnalysisMain.NAME + ": warning: " + newDir + ": " + w));
        err.flush();
        // The over-limit check's runs end in errors on purpose: their times say nothing about a regression.
        FolderComparison comparison = FolderComparison.of(comparable(base), comparable(current), fraction, shiftFraction,
                absolute, marginPct);
        String report = CompareReport.render(base, current, comparison, ReportCommand.clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        Path target = newDir.resolve(CompareReport.fileName(base));
        try {
            AtomicFiles.writeUtf8(target, report);
        } catch (IOException e) {
            return AnalysisMain.fail(err, "cannot write into " + newDir + ": " + e, AnalysisMain.EXIT_DATA);
        }
        out.print(report);
        out.println(target);
        out.flush();
        int tooFew = comparison.with(Change.TOO_FEW_RUNS).size();
        if (tooFew > 0) {
            // a CI gate that passes on cells it could not judge should say so where the gate's log shows it
            err.println(AnalysisMain.NAME + ": warning: " + tooFew + " of " + comparison.changes().size()
                    + " cells have too few runs to tell a change (3 against 3 can never reach p < 0.05): a regression there goes unseen");
            err.flush();
        }
        return failOnRegression && comparison.anyRegression() ? AnalysisMain.EXIT_REGRESSION : 0;
    }

    private static java.util.List<CellSummary> comparable(ResultsFolder folder) {
        return CellSummarizer.summarize(folder.runs()).stream().filter(c -> c.key().role() != CellKey.Role.OVERLIMIT).toList();
    }

    /** "2%", "2 %" or "2" mean two percent; anything else is a usage error. */
    public static double parseThreshold(String text) {
        return parseThreshold("--threshold", text);
    }

    /** A percentage option's value as a fraction: "2%", "2 %" or "2" mean 0.02; above 0 and below 100%. */
    static double percentOption(String option, String text) {
        double fraction = parseThreshold(option, text);
        if (!(fraction > 0)) {
            throw new UsageException(option + " must be above 0%, not '" + text + "'");
        }
        return fraction;
    }

    private static double parseThreshold(String option, String text) {
        Matcher m = PERCENT.matcher(text.strip());
        if (!m.matches()) {
            throw new UsageException(option + " must be a percentage such as 2% or 0.5%, not '" + text + "'");
        }
        double percent = Double.parseDouble(m.group(1));
        if (percent >= 100) {
            throw new UsageException(option + " must be below 100%, not '" + text + "'");
        }
        return percent / 100;
    }
}
