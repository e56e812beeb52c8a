package org.dbuslab.runner.options;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The session runner's command line, declared once: each section of --help is one mixin, which also makes one part
 * of the {@link SessionConfig}. A bad value gets one line ("--calls must be >= 2, got '0'") rather than picocli's
 * conversion message. Use {@link #parse}; {@link #usage()} is the --help text.
 */
@Command(name = "run-all.sh", sortOptions = false, usageHelpAutoWidth = false)
public final class SessionOptions {

    public static final String PROG = "run-all.sh";
    /** Most calls per run that --run-ms or --calls may ask for. */
    public static final int MAX_CALLS = 10_000_000;
    /** Each was ~5 s of sync runs (20000 calls) on 6 cells: 4 runs took a fifth of a default session's measuring. */
    public static final int DEFAULT_LKML_RUNS = OtherCellsOptions.DEFAULT_LKML_RUNS;
    /**
     * The 88 libraries cells answer "how much is the client library" with paired ratios that 10 runs already
     * settle (their CIs are wide for the slow stock client, whose runs are long); uncapped, they took twice the
     * matrix's measuring time of a default session.
     */
    public static final int DEFAULT_LIBRARY_RUNS = OtherCellsOptions.DEFAULT_LIBRARY_RUNS;
    /** Options that blocks replaced: named so the error can say what to use. */
    private static final List<String> GONE = List.of("--runs", "--runs-per-round", "--warmup-runs",
            "--warmup-max-seconds", "--sweep-runs");

    @Mixin(name = "Presets")
    PresetOptions presets = new PresetOptions();
    @Mixin(name = "Precision and time")
    StoppingOptions stopping = new StoppingOptions();
    @Mixin(name = "Matrix and runs (options override the preset, in any order)")
    MatrixOptions matrix = new MatrixOptions();
    @Mixin(name = "Order and placement")
    ArrangementOptions arrangement = new ArrangementOptions();
    @Mixin(name = "Beside the matrix")
    OtherCellsOptions others = new OtherCellsOptions();
    @Mixin(name = "Session")
    OutputOptions output = new OutputOptions();
    @Option(names = {"--runs", "--runs-per-round", "--warmup-runs", "--warmup-max-seconds", "--sweep-runs"}, hidden = true)
    List<String> gone = new ArrayList<>();

    /**
     * A parsed command line: --help, or a session.
     *
     * @param allowConcurrent measure even while another session holds the machine's session lock
     */
    public record Parsed(boolean helpRequested, SessionConfig config, boolean allowConcurrent) {
    }

    /**
     * Parses and validates a command line.
     *
     * @param clock the session's start when --started-at-ms is not given; also the default --order-seed
     * @throws ParameterException with one line for anything wrong
     */
    public static Parsed parse(Clock clock, String... args) {
        SessionOptions o = new SessionOptions();
        CommandLine cl = commandLine(o);
        CommandLine.ParseResult result;
        try {
            result = cl.parseArgs(args);
        } catch (CommandLine.UnmatchedArgumentException e) {
            String first = e.getUnmatched().isEmpty() ? "?" : e.getUnmatched().get(0);
            throw refusal(first.startsWith("-") ? "unknown option '" + first + "' (see --help)"
                    : "unexpected argument '" + first + "' (see --help)");
        } catch (CommandLine.MissingParameterException e) {
            String name = e.getMissing().isEmpty() ? "an option"
                    : e.getMissing().get(0) instanceof CommandLine.Model.OptionSpec opt ? opt.longestName() : "a parameter";
            throw refusal(name + " needs a value");
        } catch (ParameterException e) {
            if (e.getCause() instanceof BadValue bad && e.getArgSpec() instanceof CommandLine.Model.OptionSpec opt) {
                throw refusal(bad.lineFor(opt.longestName()));
            }
            throw refusal(e.getMessage());
        }
        if (o.output.help) {
            return new Parsed(true, null, false);
        }
        SessionConfig config = o.toConfig(clock, args, lastGiven(result, "--warmup-budget"));
        if (config.preset() == Preset.PROFILE) {
            config = ProfileDefaults.apply(config, result.matchedOptions().stream()
                    .map(CommandLine.Model.OptionSpec::longestName).collect(java.util.stream.Collectors.toSet()));
        }
        return new Parsed(false, config, o.output.allowConcurrent);
    }

    /** The text of an option's last occurrence, or null. */
    private static String lastGiven(CommandLine.ParseResult result, String name) {
        List<String> given = result.hasMatchedOption(name) ? result.matchedOption(name).stringValues() : List.of();
        return given.isEmpty() ? null : given.get(given.size() - 1);
    }

    private static CommandLine commandLine(SessionOptions o) {
        CommandLine cl = new CommandLine(o);
        cl.setOverwrittenOptionsAllowed(true); // the last --calls wins
        cl.setPosixClusteredShortOptionsAllowed(false);
        return cl;
    }

    private SessionConfig toConfig(Clock clock, String[] args, String warmupBudgetText) {
        for (String arg : args) {
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (GONE.contains(name)) {
                throw refusal(name + " is gone: the runner measures in blocks (one run of every cell each) until"
                        + " --precision is met or --budget is spent; use --blocks N for a fixed count"
                        + (name.startsWith("--warmup") ? ", --warmup-blocks N and --warmup-budget D for the warm-up" : ""));
            }
        }
        Preset p = presets.preset();
        Output out = output.output();
        RunLength run = matrix.runLength(p);
        Stopping stop = stopping.stopping(p, clock, warmupBudgetText);
        Matrix cells = matrix.matrix();
        return new SessionConfig(p, cells, others.otherCells(p, cells.sizes(), presets.profilePass(p)), run, stop,
                arrangement.arrangement(clock, p), out);
    }

    static void exclusive(boolean a, String aName, boolean b, String bName) {
        if (a && b) {
            throw refusal(aName + " and " + bName + " exclude each other");
        }
    }

    /** A refused command line: one line, exit 2. */
    static ParameterException refusal(String line) {
        return new ParameterException(new CommandLine(new SessionOptions()), line);
    }

    /** Refuses a results folder that already holds a runs.csv (results are never mixed); exit 2 like every other bad command line. */
    public static void refuseUsedOut(Path dir) {
        if (java.nio.file.Files.exists(dir.resolve("runs.csv"))) {
            throw refusal(dir + " already holds a runs.csv; choose another --out (results are never mixed)");
        }
    }

    /**
     * Creates the results folder and its logs/ before anything is written there; one that cannot be created is the
     * command line's fault (exit 2), named with the system's reason ("Not a directory").
     */
    public static void createOut(Path dir) {
        try {
            java.nio.file.Files.createDirectories(dir.resolve("logs"));
        } catch (java.io.IOException e) {
            String why = e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null ? fs.getReason()
                    : e instanceof java.nio.file.FileAlreadyExistsException ? "Not a directory" : e.toString();
            throw refusal("cannot create " + dir + ": " + why);
        }
    }

    /** The --help text, made from the option declarations, with the presets' table and the rest as its footer. */
    public static String usage() {
        return UsageText.render(commandLine(new SessionOptions()));
    }
}
