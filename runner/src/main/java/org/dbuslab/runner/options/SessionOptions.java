package org.dbuslab.runner.options;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import org.dbuslab.format.Library;
import org.dbuslab.format.Placement;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.Mode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine;

/**
 * The session runner's command line. Every value is taken as text and checked here, so a bad one gets one line
 * in run-all.sh's words ("--calls must be >= 2, got '0'") rather than picocli's conversion message; the result is
 * an immutable {@link SessionConfig}. Use {@link #parse}; {@link #usage()} is the --help text.
 */
@Command(name = "run-all.sh", usageHelpAutoWidth = false)
public final class SessionOptions {

    public static final String PROG = "run-all.sh";
    public static final int DEFAULT_WINDOW = 128;
    public static final List<Integer> DEFAULT_SIZES = List.of(1000, 10000);
    /** Every matrix cell in both pinned placements (issue 21): the CPU path, and every wake-up crossing CPUs. */
    public static final List<Placement> DEFAULT_PLACEMENTS = List.of(Placement.ONE_CPU, Placement.CROSS);
    public static final List<Integer> DEFAULT_SWEEP_WINDOWS = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256);
    public static final Duration DEFAULT_CELL_TIMEOUT = Duration.ofSeconds(300);
    /** Most calls per run that --run-ms or --calls may ask for. */
    public static final int MAX_CALLS = 10_000_000;
    /** The 2015 benchmark's 4 runs per cell. */
    /** Each is ~5 s of sync runs (20000 calls) on 6 cells: 4 runs took a fifth of a default session's measuring. */
    public static final int DEFAULT_LKML_RUNS = 3;
    /**
     * The 88 libraries cells answer "how much is the client library" with paired ratios that 10 runs already
     * settle (their CIs are wide for the slow stock client, whose runs are long); uncapped, they took twice the
     * matrix's measuring time of a default session.
     */
    public static final int DEFAULT_LIBRARY_RUNS = 10;

    @Option(names = {"-h", "--help"}, usageHelp = true)
    boolean help;
    @Option(names = "--quick")
    boolean quick;
    @Option(names = "--full")
    boolean full;
    @Option(names = "--scale")
    boolean scale;
    @Option(names = "--precision")
    String precision;
    @Option(names = "--budget")
    String budget;
    @Option(names = "--blocks")
    String blocks;
    @Option(names = "--min-blocks")
    String minBlocks;
    @Option(names = "--warmup-blocks")
    String warmupBlocks;
    @Option(names = "--warmup-budget")
    String warmupBudget;
    @Option(names = "--run-ms")
    String runMs;
    @Option(names = "--calls")
    String calls;
    @Option(names = "--window")
    String window;
    @Option(names = "--sizes")
    String sizes;
    @Option(names = "--transports")
    String transports;
    @Option(names = "--modes")
    String modes;
    @Option(names = "--order")
    String order;
    @Option(names = "--order-seed")
    String orderSeed;
    @Option(names = "--no-reference")
    boolean noReference;
    @Option(names = "--sweep")
    boolean sweepOn;
    @Option(names = "--no-sweep")
    boolean sweepOff;
    @Option(names = "--sweep-windows")
    String sweepWindows;
    @Option(names = "--sweep-calls")
    String sweepCalls;
    @Option(names = "--placement")
    String placement;
    @Option(names = "--rotation")
    String rotation;
    @Option(names = "--cell-timeout")
    String cellTimeout;
    @Option(names = "--out")
    String out;
    @Option(names = "--no-build")
    boolean noBuild;
    @Option(names = "--rebuild")
    boolean rebuild;
    @Option(names = "--allow-concurrent")
    boolean allowConcurrent;
    @Option(names = "--scenarios")
    String scenarios;
    @Option(names = "--libraries")
    String libraries;
    @Option(names = "--lkml-runs")
    String lkmlRuns;
    @Option(names = "--library-runs")
    String libraryRuns;
    @Option(names = "--started-at-ms")
    String startedAtMs;
    /** Options of the round-based run-all.sh that blocks replaced: named so the error can say what to use. */
    @Option(names = {"--runs", "--runs-per-round", "--warmup-runs", "--warmup-max-seconds", "--sweep-runs"}, hidden = true)
    List<String> gone = new ArrayList<>();

    private CommandLine commandLine;
    private final List<String> goneNames = new ArrayList<>();

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
     * @throws ParameterException with one line in run-all.sh's words for anything wrong
     */
    public static Parsed parse(Clock clock, String... args) {
        SessionOptions o = new SessionOptions();
        CommandLine cl = new CommandLine(o);
        o.commandLine = cl;
        cl.setOverwrittenOptionsAllowed(true); // as run-all.sh: the last --calls wins
        cl.setPosixClusteredShortOptionsAllowed(false);
        try {
            cl.parseArgs(args);
        } catch (CommandLine.UnmatchedArgumentException e) {
            String first = e.getUnmatched().isEmpty() ? "?" : e.getUnmatched().get(0);
            throw o.error(first.startsWith("-") ? "unknown option '" + first + "' (see --help)"
                    : "unexpected argument '" + first + "' (see --help)");
        } catch (CommandLine.MissingParameterException e) {
            String name = e.getMissing().isEmpty() ? "an option"
                    : e.getMissing().get(0) instanceof CommandLine.Model.OptionSpec opt ? opt.longestName() : "a parameter";
            throw o.error(name + " needs a value");
        } catch (ParameterException e) {
            throw o.error(e.getMessage());
        }
        if (o.help) {
            return new Parsed(true, null, false);
        }
        for (String arg : args) {
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (List.of("--runs", "--runs-per-round", "--warmup-runs", "--warmup-max-seconds", "--sweep-runs").contains(name)) {
                o.goneNames.add(name);
            }
        }
        return new Parsed(false, o.toConfig(clock), o.allowConcurrent);
    }

    private ParameterException error(String message) {
        return new ParameterException(commandLine, message);
    }

    private SessionConfig toConfig(Clock clock) {
        if (!goneNames.isEmpty()) {
            String name = goneNames.get(0);
            throw error(name + " is gone: the runner measures in blocks (one run of every cell each) until --precision"
                    + " is met or --budget is spent; use --blocks N for a fixed count"
                    + (name.startsWith("--warmup") ? ", --warmup-blocks N and --warmup-budget D for the warm-up" : ""));
        }
        exclusive(quick, "--quick", full, "--full");
        exclusive(scale, "--scale", quick || full, quick ? "--quick" : "--full");
        exclusive(sweepOn, "--sweep", sweepOff, "--no-sweep");
        exclusive(noBuild, "--no-build", rebuild, "--rebuild");
        exclusive(calls != null, "--calls", runMs != null, "--run-ms");
        exclusive(blocks != null, "--blocks", precision != null, "--precision");
        Preset p = quick ? Preset.QUICK : full ? Preset.FULL : scale ? Preset.SCALE : Preset.DEFAULT;

        int fixedCalls = calls != null ? uint("--calls", calls, 2, MAX_CALLS) : runMs != null ? 0 : p.calls();
        Duration runTarget = fixedCalls > 0 ? null
                : runMs != null ? Duration.ofMillis(uint("--run-ms", runMs, 1, 600_000)) : p.runTarget();
        int fixedBlocks = blocks != null ? uint("--blocks", blocks, 1, 100_000)
                : precision != null ? 0 : p.fixedBlocks();
        double precisionPct = fixedBlocks > 0 ? Double.NaN : precision != null ? percent("--precision", precision) : p.precisionPct();
        int least = minBlocks != null ? uint("--min-blocks", minBlocks, 1, 100_000) : p.minBlocks();
        Duration totalBudget = budget != null ? duration("--budget", budget, Duration.ofSeconds(1)) : p.budget();
        int warmups = warmupBlocks != null ? uint("--warmup-blocks", warmupBlocks, 1, 100_000) : p.warmupBlocks();
        Duration warmupLimit = warmupBudget != null ? duration("--warmup-budget", warmupBudget, Duration.ZERO)
                : Duration.ofMillis(Math.round(totalBudget.toMillis() * p.warmupBudgetShare()));
        if (warmupLimit.compareTo(totalBudget) > 0) {
            throw error("--warmup-budget must not exceed --budget (" + Durations.format(totalBudget) + "), got '" + warmupBudget + "'");
        }
        int win = window != null ? uint("--window", window, 1, SessionConfig.MAX_SWEEP_WINDOW) : DEFAULT_WINDOW;
        List<Integer> sizeList = sizes != null ? sizes(sizes) : DEFAULT_SIZES;
        List<Transport> transportList = transports != null
                ? items("--transports", transports, Transport.SELECTABLE, Transport::label) : Transport.SELECTABLE;
        List<Mode> modeList = modes != null ? items("--modes", modes, List.of(Mode.values()), Mode::label) : List.of(Mode.values());
        List<Integer> refSizes = p.referenceSizes() > 0 && p.referenceSizes() < sizeList.size()
                ? sizeList.subList(0, p.referenceSizes()) : sizeList;
        boolean sweep = sweepOn || !sweepOff && p.sweep();
        List<Integer> windows = sweepWindows != null
                ? uintList("--sweep-windows", sweepWindows, 1, SessionConfig.MAX_SWEEP_WINDOW) : DEFAULT_SWEEP_WINDOWS;
        int sweepCallCount = sweepCalls != null ? uint("--sweep-calls", sweepCalls, 2, MAX_CALLS) : 0;
        BlockOrdering ordering = order == null ? BlockOrdering.INTERLEAVED
                : choice("--order", order, List.of(BlockOrdering.values()), BlockOrdering::label);
        Instant started = startedAtMs != null ? Instant.ofEpochMilli(ulong("--started-at-ms", startedAtMs)) : clock.instant();
        long seed = orderSeed != null ? uint("--order-seed", orderSeed, 0, (int) SessionConfig.MAX_ORDER_SEED)
                : clock.instant().getEpochSecond() % (SessionConfig.MAX_ORDER_SEED + 1);
        List<Placement> place = placement != null ? placements(placement)
                : full ? List.of(Placement.ONE_CPU, Placement.CROSS, Placement.FREE) : DEFAULT_PLACEMENTS;
        boolean rotate = rotation == null || choice("--rotation", rotation, List.of(true, false), on -> on ? "on" : "off");
        Duration timeout = cellTimeout != null ? Duration.ofSeconds(uint("--cell-timeout", cellTimeout, 1, 86_400))
                : DEFAULT_CELL_TIMEOUT;
        if (out != null && out.isEmpty()) {
            throw error("--out needs a directory");
        }
        BuildMode build = noBuild ? BuildMode.NEVER : rebuild ? BuildMode.ALWAYS : BuildMode.AUTO;
        List<String> scenarioList = scenarios == null ? SessionConfig.ALL_SCENARIOS
                : scenarios.equals("none") ? List.of() : items("--scenarios", scenarios, SessionConfig.ALL_SCENARIOS, s -> s);
        int firstCalls = fixedCalls > 0 ? fixedCalls : Preset.FIRST_BLOCK_CALLS;
        List<Library> libraryList = libraries == null ? Library.CLIENTS : libraries.equals("none") ? List.of()
                : items("--libraries", libraries, Library.CLIENTS, Library::label);
        int lkml = lkmlRuns != null ? uint("--lkml-runs", lkmlRuns, 0, 100_000) : DEFAULT_LKML_RUNS;
        int libraryCap = libraryRuns != null ? uint("--library-runs", libraryRuns, 0, 100_000) : DEFAULT_LIBRARY_RUNS;
        return new SessionConfig(p, fixedCalls, runTarget, firstCalls, fixedBlocks, precisionPct, least, totalBudget, warmups,
                warmupLimit, win, sizeList, transportList, modeList, !noReference, refSizes, sweep, windows, sweepCallCount,
                ordering, seed, place, timeout, Optional.ofNullable(out).map(Path::of), build, scenarioList, started,
                rotate, libraryList, lkml, libraryCap);
    }

    /** --placement: one label or a comma-separated list (same-cpu still read as one-cpu). */
    private List<Placement> placements(String value) {
        LinkedHashSet<Placement> out = new LinkedHashSet<>();
        for (String item : commaItems("--placement", value)) {
            out.add(Placement.ofLabel(item).orElseThrow(() -> error("--placement must be " + String.join(" or ",
                    java.util.Arrays.stream(Placement.values()).map(Placement::label).toList()) + ", got '" + item + "'")));
        }
        return List.copyOf(out);
    }

    private void exclusive(boolean a, String aName, boolean b, String bName) {
        if (a && b) {
            throw error(aName + " and " + bName + " exclude each other");
        }
    }

    /** A plain decimal whole number (no sign, at most 9 digits) in min..max, as run-all.sh's check_uint. */
    private int uint(String name, String value, int min, int max) {
        if (!value.matches("[0-9]{1,9}")) {
            throw error(name + " must be a whole number, got '" + value + "'");
        }
        int v = Integer.parseInt(value);
        if (v < min) {
            throw error(name + " must be >= " + min + ", got '" + value + "'");
        }
        if (v > max) {
            throw error(name + " must be <= " + max + ", got '" + value + "'");
        }
        return v;
    }

    private long ulong(String name, String value) {
        if (!value.matches("[0-9]{1,15}")) {
            throw error(name + " must be a whole number, got '" + value + "'");
        }
        return Long.parseLong(value);
    }

    private double percent(String name, String value) {
        double v;
        try {
            v = value.matches("[0-9]{1,3}(\\.[0-9]{1,6})?") ? Double.parseDouble(value) : Double.NaN;
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!(v > 0 && v <= 100)) {
            throw error(name + " must be a percentage above 0 and at most 100 (e.g. 3 or 2.5), got '" + value + "'");
        }
        return v;
    }

    private Duration duration(String name, String value, Duration min) {
        Duration d = Durations.parse(value).orElseThrow(
                () -> error(name + " must be a duration like 90s, 10m or 1h30m, got '" + value + "'"));
        if (d.compareTo(min) < 0 || d.compareTo(Duration.ofDays(7)) > 0) {
            throw error(name + " must be between " + Durations.format(min) + " and 7 days, got '" + value + "'");
        }
        return d;
    }

    /** A non-empty comma list without empty elements, as run-all.sh's comma_items. */
    private List<String> commaItems(String name, String value) {
        if (value.isEmpty()) {
            throw error(name + " must not be empty");
        }
        if (value.startsWith(",") || value.endsWith(",") || value.contains(",,")) {
            throw error(name + " has an empty element: '" + value + "'");
        }
        return List.of(value.split(","));
    }

    private <T> List<T> items(String name, String value, List<T> allowed, Function<T, String> label) {
        LinkedHashSet<T> out = new LinkedHashSet<>();
        for (String item : commaItems(name, value)) {
            out.add(allowed.stream().filter(a -> label.apply(a).equals(item)).findFirst().orElseThrow(() -> error(
                    "unknown " + name + " element '" + item + "' (allowed: " + String.join(",", allowed.stream().map(label).toList()) + ")")));
        }
        return List.copyOf(out);
    }

    private <T> T choice(String name, String value, List<T> allowed, Function<T, String> label) {
        return allowed.stream().filter(a -> label.apply(a).equals(value)).findFirst().orElseThrow(() -> error(
                name + " must be " + String.join(" or ", allowed.stream().map(label).toList()) + ", got '" + value + "'"));
    }

    private List<Integer> uintList(String name, String value, int min, int max) {
        LinkedHashSet<Integer> out = new LinkedHashSet<>();
        for (String item : commaItems(name, value)) {
            if (!item.matches("[0-9]{1,9}")) {
                throw error(name + ": '" + item + "' is not a whole number");
            }
            int v = Integer.parseInt(item);
            if (v < min || v > max) {
                throw error(name + ": " + v + " is outside " + min + ".." + max);
            }
            out.add(v);
        }
        return List.copyOf(out);
    }

    private List<Integer> sizes(String value) {
        LinkedHashSet<Integer> out = new LinkedHashSet<>();
        for (String s : commaItems("--sizes", value)) {
            if (s.matches("-[0-9]+")) {
                throw error("--sizes: payload size must not be negative, got '" + s + "'");
            }
            if (s.matches("[0-9]{10,}") || s.matches("[0-9]{1,9}") && Integer.parseInt(s) > SessionConfig.MAX_PAYLOAD) {
                throw error("--sizes: " + s + " is larger than the maximum payload " + SessionConfig.MAX_PAYLOAD);
            }
            if (!s.matches("[0-9]{1,9}")) {
                throw error("--sizes: '" + s + "' is not a byte count (comma-separated whole numbers, e.g. 1000,10000)");
            }
            int bytes = Integer.parseInt(s);
            if (bytes < SessionConfig.MIN_PAYLOAD) {
                throw error("--sizes: " + bytes + " bytes cannot carry a call's sequence number; the smallest payload is "
                        + SessionConfig.MIN_PAYLOAD + " bytes");
            }
            out.add(bytes);
        }
        return List.copyOf(out);
    }

    /**
     * Refuses a results folder that already holds a runs.csv (results are never mixed), as run-all.sh did; exit 2
     * like every other bad command line.
     */
    public static void refuseUsedOut(Path dir) {
        if (java.nio.file.Files.exists(dir.resolve("runs.csv"))) {
            throw new ParameterException(new CommandLine(new SessionOptions()),
                    dir + " already holds a runs.csv; choose another --out (results are never mixed)");
        }
    }

    /**
     * Creates the results folder and its logs/ before anything is written there; one that cannot be created is the
     * command line's fault (exit 2), named with the system's reason ("Not a directory"), as run-all.sh did.
     */
    public static void createOut(Path dir) {
        try {
            java.nio.file.Files.createDirectories(dir.resolve("logs"));
        } catch (java.io.IOException e) {
            String why = e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null ? fs.getReason()
                    : e instanceof java.nio.file.FileAlreadyExistsException ? "Not a directory" : e.toString();
            throw new ParameterException(new CommandLine(new SessionOptions()), "cannot create " + dir + ": " + why);
        }
    }

    /** The --help text. */
    public static String usage() {
        return UsageText.render();
    }

    static String fmtPct(double pct) {
        return String.format(Locale.ROOT, "%s%%", pct == Math.rint(pct) ? String.valueOf((long) pct) : String.valueOf(pct));
    }
}
