package org.dbuslab.analysis;

import org.dbuslab.analysis.read.ResultsInputException;
import org.dbuslab.cli.LabCli;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import java.io.PrintWriter;

/** Command-line entry point. Every failure ends as one "dbus-lab-analysis: error: ..." line on stderr. */
@Command(name = AnalysisMain.NAME,
        description = {
                "Turns the raw results of a D-Bus transport lab session into statistics and a human report.",
                "",
                "A results folder is what one lab session wrote (format: docs/RESULTS-FORMAT.md in the lab's "
                        + "sources). Its raw files are only read, never changed.",
                "",
                "Run '" + AnalysisMain.NAME + " report --help' or '" + AnalysisMain.NAME + " compare --help' for the details."},
        subcommands = {ReportCommand.class, CompareCommand.class},
        synopsisSubcommandLabel = "COMMAND",
        commandListHeading = "%nCommands:%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
                "0:success",
                "1:the results folder cannot be analysed or the reports cannot be written",
                "2:wrong usage (unknown option, missing argument)",
                "3:compare --fail-on-regression found a regression"})
public final class AnalysisMain implements Runnable {

    public static final String NAME = "dbus-lab-analysis";
    public static final int EXIT_DATA = LabCli.FAILURE;
    public static final int EXIT_USAGE = LabCli.USAGE;
    public static final int EXIT_REGRESSION = 3;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "no command given; try '" + NAME + " report DIR'");
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true"); // charts are drawn to SVG, never to a screen
        LabCli.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the CLI with the given streams and returns the exit code; main() and tests share it. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        return LabCli.execute(new CommandLine(new AnalysisMain()), NAME, AnalysisMain::failure, args, out, err);
    }

    private static LabCli.Failure failure(Exception e) {
        if (e instanceof ResultsInputException) {
            return new LabCli.Failure(e.getMessage(), EXIT_DATA);
        }
        if (e instanceof UsageException) {
            return new LabCli.Failure(e.getMessage() + " (see --help)", EXIT_USAGE);
        }
        return new LabCli.Failure("internal error: " + e, EXIT_DATA); // a bug, but still no stack trace for the user
    }

    public static int fail(PrintWriter err, String message, int exitCode) {
        return LabCli.fail(err, NAME, message, exitCode);
    }
}
