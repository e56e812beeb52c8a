package org.dbuslab.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The sentences of the human reports, as plain text; report.md and report.html only add markup. */
final class ReportText {

    static final String FAILURE_WARNING = "WARNING: calls went wrong";
    private static final int MAX_ORDER_TOKENS = 9;

    private ReportText() {
    }

    static String generatedLine(Analysis analysis) {
        Environment env = analysis.folder().environment();
        return "Generated " + analysis.generated() + " from " + folderName(analysis) + "; session started "
                + env.text("date_utc") + " on " + env.text("hostname") + " (" + env.text("cpu_model") + " × "
                + env.text("cpu_count") + ", kernel " + env.text("kernel") + ").";
    }

    static String folderName(Analysis analysis) {
        return String.valueOf(analysis.folder().dir().toAbsolutePath().normalize().getFileName());
    }

    static String headlineNote(Analysis analysis) {
        return "Median µs per call of each cell; in brackets the verdict against " + ReportTables.headlineBaseline(analysis)
                + " at the same mode, payload and window (α = " + Numbers.fixed(analysis.alpha(), 2)
                + "; \"no sig. diff.\" means the runs cannot tell the two apart). ⚠ marks a noisy cell.";
    }

    /** Said instead of the headline when there is nothing to show. */
    static String noSubjectRuns(Analysis analysis) {
        return analysis.allCells().isEmpty() ? "No runs were recorded."
                : "No runs of the subject matrix (" + CellKey.SUBJECT_PAIR + ", series matrix) were recorded.";
    }

    // ------------------------------------------------------------------------------------------------ lab health

    static String healthIntro() {
        return "The lab's own health figures: what the Java client and the Java server add over libdbus, and how far each "
                + "transport is from a raw socket. µs/call is the median over the runs; overheads are differences and ratios "
                + "of those medians with bootstrap 95% CIs. Client overhead compares dbus-java>libdbus with libdbus>libdbus, "
                + "server overhead libdbus>dbus-java with libdbus>libdbus; the target is at most "
                + Numbers.factor(LabHealth.TARGET_RATIO) + "× for both. ✓ means the ratio of medians is at most "
                + Numbers.factor(LabHealth.TARGET_RATIO) + ", ✗ above it; \"CI spans " + Numbers.factor(LabHealth.TARGET_RATIO)
                + "\" means the 95% interval reaches across the target, so the runs cannot settle the check. "
                + "⚠ marks a noisy cell.";
    }

    static String halfBytesNote() {
        return "libdbus's echo (dbus-test-tool echo) replies with an empty message, and the Java server answers spam's calls "
                + "empty too: every pair with libdbus moves the payload one way only, half the bytes of the true echo of "
                + CellKey.SUBJECT_PAIR + ", which is shown beside them for scale and not compared.";
    }

    /** How the spam rows' per-call time was obtained; empty when the session has none. */
    static List<String> spamNotes(Analysis analysis) {
        List<CellSummary> spam = analysis.allCells().stream().filter(c -> c.fixedCost().any()).toList();
        if (spam.isEmpty()) {
            return List.of();
        }
        List<String> notes = new ArrayList<>();
        notes.add("dbus-test-tool spam cannot time itself: its runs are timed from outside (fork to reaped exit), so their "
                + "µs/call is (elapsed_ns − fixed_ns) / (calls − 1), where fixed_ns is the median time of one-call spam "
                + "processes of the same bus, pair and payload in the same round (start-up, connecting, one call, exit). "
                + "The Java client times itself, first send to last reply.");
        int missing = spam.stream().mapToInt(c -> c.fixedCost().missing()).sum();
        if (missing > 0) {
            notes.add("fixed_ns was missing in " + missing + " spam run(s) ("
                    + spam.stream().filter(c -> c.fixedCost().missing() > 0).map(c -> c.key().label()).collect(Collectors.joining("; "))
                    + "): their µs/call is elapsed / calls, start-up and connecting included, so it is too high.");
        }
        return notes;
    }

    /**
     * How much the Java clients' JIT compiled during their measured runs (runs.csv's jit_ms); empty when runs.csv
     * has no jit_ms. Runs that compiled for over a tenth of their time are named: they timed the JIT too.
     */
    static List<String> jitNotes(Analysis analysis) {
        return analysis.jit().map(j -> {
            List<String> notes = new ArrayList<>();
            RunRecord max = j.max();
            notes.add("JIT compilation in the Java clients (jit_ms): during " + j.quietRuns() + " of their " + j.measuredRuns()
                    + " measured runs the JIT compiled nothing; median " + j.medianMs() + " ms per run, at most " + max.jitMs()
                    + " ms (" + max.key().label() + " run " + max.run() + "); in all " + j.measuredJitMs() + " ms, "
                    + Numbers.percent(j.measuredShare()) + " of those runs' time. Their " + j.warmupRuns()
                    + " warm-up runs, excluded from every figure, took " + j.warmupJitMs() + " ms of it (how long a "
                    + "client warms up: its --warmup-runs, and --warmup-max-seconds, which goes on until the JIT is "
                    + "quiet).");
            if (j.measuredShare() > JitActivity.BUSY_SESSION_SHARE) {
                notes.add("The JIT compiled for " + Numbers.percent(j.measuredShare()) + " of the measured time, so these "
                        + "figures include compilation: warm up longer (lab/run-all.sh's default preset) for settled numbers.");
            }
            if (!j.busyRuns().isEmpty()) {
                notes.add(j.busyRuns().size() + " measured run(s) spent more than " + Numbers.percent(JitActivity.BUSY_SHARE)
                        + " of their time compiling, so they timed the JIT as well as the calls: "
                        + j.busyRuns().stream().map(r -> r.key().label() + " run " + r.run() + " (" + r.jitMs() + " ms)")
                                .limit(8).collect(Collectors.joining("; "))
                        + (j.busyRuns().size() > 8 ? "; …" : "") + ".");
            }
            return notes;
        }).orElse(List.of());
    }

    /** Why a pair is missing from the overhead table, from skipped.tsv. */
    static List<String> skippedPairs(LabHealth health) {
        return health.skippedPairs().stream().map(s -> s.pair() + " on " + s.bus() + ": not run — " + s.reason()).toList();
    }

    static String floorIntro() {
        return "Each transport against the raw-socket floor of its kind of socket at the same mode, payload and window: "
                + LabHealth.RAW_UNIX + " for the Unix-socket transports, " + LabHealth.RAW_TCP + " for the TCP ones (JDK "
                + "socket channels, 4-byte length and payload, true echo, every reply verified). × floor is the ratio of "
                + "the median µs/call with its bootstrap 95% CI.";
    }

    static String noHealth() {
        return "No libdbus reference pairs or raw-socket rows in this session (runs.csv has no pair column, or no "
                + "reference rows): the lab's overhead and floor cannot be shown.";
    }

    // ------------------------------------------------------------------------------------------------ sweep

    static String sweepIntro() {
        return "Java client, pipelined, one point per window; calls/s is calls per run / median run time, µs/call its "
                + "inverse. Throughput saturates at the smallest window whose calls/s are within "
                + Numbers.percent(SweepSeries.SATURATION_WITHIN) + " of the best. A window with lost, mismatched or "
                + "errored calls says so and counts for neither; ⚠ alone marks a noisy point (CV above "
                + Numbers.percent(CellSummary.NOISY_CV) + ").";
    }

    static String noSweep() {
        return "No pipelining-depth sweep in this session.";
    }

    /** "window 16 (24512 calls/s; best 25010 at window 64)" */
    static String saturation(SweepSeries series) {
        return series.saturation().map(sat -> {
            CellSummary best = series.best().orElseThrow();
            return "window " + sat.key().window() + " (" + Numbers.perSecond(sat.callsPerSecond()) + " calls/s; best "
                    + Numbers.perSecond(best.callsPerSecond()) + " at window " + best.key().window() + ")";
        }).orElse("n/a (no clean point)");
    }

    // ------------------------------------------------------------------------------------------------ checks

    static String noChecks() {
        return "No over-limit check in this session.";
    }

    /** The lab's informational notes, and notes of topics this version does not judge. */
    static List<String> labNotes(Analysis analysis) {
        return analysis.folder().notes().stream()
                .filter(n -> !(n.topic().equals(Note.OVER_LIMIT) && n.verdict()))
                .map(n -> "Lab note (" + n.topic() + ", " + n.outcome() + "): " + n.text()).toList();
    }

    /** The things that make numbers suspect, most serious first; empty when there are none. */
    static List<String> warnings(Analysis analysis) {
        List<String> warnings = new ArrayList<>();
        analysis.failedChecks().forEach(check -> warnings.add("WARNING: " + check.text() + "."));
        List<CellSummary> failing = analysis.cellsWithFailures();
        if (!failing.isEmpty()) {
            warnings.add(FAILURE_WARNING + " in " + failing.size() + " cell(s), their timings are suspect: "
                    + failing.stream().map(ReportText::failure).collect(Collectors.joining("; ")) + ".");
        }
        analysis.latencyWarnings().forEach(w -> warnings.add("Latency: " + w + "."));
        analysis.fixedCostWarnings().forEach(w -> warnings.add("Spam fixed cost: " + w + "."));
        List<CellSummary> twoSpeeds = analysis.twoSpeedCells();
        if (!twoSpeeds.isEmpty()) {
            warnings.add("Two speeds: " + twoSpeeds.size() + " cell(s) ran some runs more than "
                    + Numbers.ratio(CellSummary.TWO_SPEEDS_QUARTILE_RATIO) + "× faster than others (upper over lower quartile "
                    + "of µs per call), so their median is not one figure but whichever speed had more runs. On a small VM "
                    + "calls are several times faster while the threads that hand them over share a CPU, or while "
                    + "something keeps the CPUs awake, than when each hand-over must wake an idle CPU: "
                    + twoSpeeds.stream().map(c -> c.key().label() + " (quartiles " + Numbers.ratio(c.quartileRatio())
                    + "× apart)").collect(Collectors.joining("; ")) + ".");
        }
        List<LabHealth.FloorRow> belowFloor = analysis.health().belowFloor();
        if (!belowFloor.isEmpty()) {
            warnings.add("Below the floor: " + belowFloor.size() + " cell(s) ran faster than the raw-socket floor of their "
                    + "kind of socket. A D-Bus call does more work than that plain request and reply, so the cell and its "
                    + "floor ran under different conditions (on a small VM most likely at two speeds: a hand-over is several "
                    + "times faster while both threads share a CPU), and neither the cell's figure nor a verdict built on it "
                    + "is that transport's cost: "
                    + belowFloor.stream().map(r -> r.cell().key().label() + " (" + Numbers.factor(r.result().ratioOfMedians())
                    + "× the floor, 95% CI " + Numbers.factor(r.result().ratioInterval().low()) + "–"
                    + Numbers.factor(r.result().ratioInterval().high()) + ")").collect(Collectors.joining("; ")) + ".");
        }
        List<CellSummary> noisy = analysis.noisyCells();
        if (!noisy.isEmpty()) {
            warnings.add("Noisy: " + noisy.size() + " cell(s) vary by more than " + Numbers.percent(CellSummary.NOISY_CV)
                    + " (coefficient of variation of run times), so small differences there mean little: "
                    + noisy.stream().map(c -> c.key().label() + " (CV " + Numbers.percent(c.cv()) + ")")
                    .collect(Collectors.joining("; ")) + ".");
        }
        List<RunOrder.Group> blocked = analysis.runOrder().groups().stream()
                .filter(g -> g.pattern() == RunOrder.Pattern.BLOCKED).toList();
        if (!blocked.isEmpty()) {
            warnings.add("Run order: transports were not interleaved in " + blocked.size()
                    + " cell shape(s) (see Run order); a machine that drifts during the session biases those comparisons.");
        }
        return warnings;
    }

    private static String failure(CellSummary cell) {
        String text = cell.key().label() + " (" + cell.counts().describe();
        if (!cell.warmupCounts().isClean()) {
            text += "; during warm-up " + cell.warmupCounts().describe();
        }
        return text + ")";
    }

    static String correctness(Analysis analysis) {
        Counts total = analysis.totalCounts();
        String text = "Lost / mismatched / errors over all measured runs: " + total.lost() + " / " + total.mismatched() + " / "
                + total.errors() + ".";
        if (analysis.allCells().stream().anyMatch(c -> c.key().role() == CellKey.Role.OVERLIMIT)) {
            text += " The over-limit check's runs are not counted here: their errors are its purpose (see Over-limit check).";
        }
        return text;
    }

    /** Below the detail tables when spam rows are in them. */
    static String fixedCostFootnote() {
        return "† spam rows: the run time is the whole dbus-test-tool process, start-up included; µs/call has the fixed "
                + "cost removed, (elapsed − fixed) / (calls − 1) per run, median over the runs (see Lab health).";
    }

    static String warmups(Analysis analysis) {
        return "Warm-up runs excluded from all statistics: " + analysis.warmupRunsExcluded() + ".";
    }

    static String runOrderIntro(Analysis analysis) {
        RunOrder order = analysis.runOrder();
        long warmups = order.runs().stream().filter(r -> !r.measured()).count();
        if (analysis.hasLabSeries() && order.fromTimestamps()) {
            return "Order of runs.csv's started_utc: " + order.runs().size() + " runs, reference, sweep and over-limit runs "
                    + "included (" + warmups + " of them warm-up), from " + order.first() + " to " + order.last()
                    + ". Measured runs of the subject cells per cell shape:";
        }
        if (!order.fromTimestamps()) {
            return "runs.csv has no complete started_utc column, so the order of its rows is taken as the run order ("
                    + order.runs().size() + " runs, " + warmups + " of them warm-up).";
        }
        return "Order of runs.csv's started_utc: " + order.runs().size() + " runs (" + warmups + " of them warm-up) from "
                + order.first() + " to " + order.last() + ". Measured runs per cell shape:";
    }

    static List<String> runOrder(Analysis analysis) {
        return analysis.runOrder().groups().stream().map(g -> g.shape() + ": " + switch (g.pattern()) {
            case BLOCKED -> "blocked, each transport's runs back to back: " + sequence(g.transports());
            case INTERLEAVED -> "interleaved, " + g.switches() + " transport switches in " + g.transports().size()
                    + " runs: " + sequence(g.transports());
            case SINGLE -> "one transport only: " + sequence(g.transports());
        }).toList();
    }

    /** Run-length encoded: "dbus-daemon ×5 → dbus-broker ×5", cut after a few steps. */
    private static String sequence(List<String> transports) {
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < transports.size(); ) {
            int j = i;
            while (j < transports.size() && transports.get(j).equals(transports.get(i))) {
                j++;
            }
            tokens.add(transports.get(i) + (j - i > 1 ? " ×" + (j - i) : ""));
            i = j;
        }
        String joined = String.join(" → ", tokens.subList(0, Math.min(tokens.size(), MAX_ORDER_TOKENS)));
        return tokens.size() > MAX_ORDER_TOKENS ? joined + " → …" : joined;
    }

    /** Skip reasons, then what is missing or short. */
    static List<String> skipped(Analysis analysis) {
        List<String> lines = new ArrayList<>();
        analysis.folder().skipped().forEach(s -> lines.add(s.transport() + ": " + s.reason()));
        analysis.gaps().forEach(gap -> lines.add(gap.transport() + (gap.cell() == null ? "" : " " + gap.cell().shape())
                + ": " + gap.problem()));
        return lines;
    }

    /** The methods, in a few sentences each: what every number is and how it was computed. */
    static List<String> howToRead(Analysis analysis) {
        List<String> paragraphs = new ArrayList<>(methods(analysis));
        if (analysis.hasLabSeries()) {
            paragraphs.add("Rows of runs.csv belong to a pair (client>server) and a series. The headline, verdicts, latency "
                    + "and details are about the subject, " + CellKey.SUBJECT_PAIR + " in the transport matrix; rows of "
                    + "other pairs (libdbus, the raw-socket floor) are reference rows, marked \"(reference)\" wherever they "
                    + "appear, and are not compared with the transports. The sweep and the over-limit check have their own "
                    + "sections; the over-limit check's runs are kept out of the correctness totals.");
            paragraphs.add("Lab health targets: the Java client's and the Java server's ratio over libdbus>libdbus at most "
                    + Numbers.factor(LabHealth.TARGET_RATIO) + "×. A target counts as met (✓) when the ratio of medians is at "
                    + "most " + Numbers.factor(LabHealth.TARGET_RATIO) + "; its bootstrap 95% interval is shown so the reader "
                    + "sees how certain that is, and \"CI spans\" marks a check the runs cannot settle.");
        }
        return paragraphs;
    }

    private static List<String> methods(Analysis analysis) {
        String baselines = String.join(" and ", analysis.baselines());
        return List.of(
                "A run is one client making calls/run echo calls of the given payload (sync: one at a time; async: up to window in flight), "
                        + "timed from first send to last verified reply. Warm-up runs are recorded but left out of every statistic.",
                "µs/call is the median run time divided by calls per run. Its 95% confidence interval, and that of the median run time, "
                        + "is a percentile bootstrap (" + analysis.bootstrap().resamples() + " resamples of the runs, fixed seed "
                        + analysis.bootstrap().seed() + ", so the report is reproducible). The 95% CI of the mean is Student's t.",
                "CV is the standard deviation of the run times over their mean; above " + Numbers.percent(CellSummary.NOISY_CV)
                        + " a cell is marked noisy. Outliers are classified with Tukey's fences on the run times "
                        + "(mild: beyond 1.5 × IQR from the quartiles, severe: beyond 3 × IQR); they are counted, not removed.",
                "Each transport is compared with " + baselines + " at the same mode, payload and window, run by run on µs/call: "
                        + "the ratio of medians with a bootstrap 95% CI, the difference in µs/call with its CI, and a two-sided "
                        + "Mann-Whitney U test (exact distribution without ties when a side has at most 8 runs, otherwise the normal "
                        + "approximation with tie and continuity correction, as SciPy's mannwhitneyu). \"Faster\" or \"slower\" is said only "
                        + "when the CI of the ratio excludes 1 and p < " + Numbers.fixed(analysis.alpha(), 2) + "; otherwise "
                        + "\"no significant difference\". With 3 runs against 3 the test can never reach p < 0.05.",
                "Per-call latency is each call's round-trip time recorded by the client in an HdrHistogram (nanoseconds, 3 significant "
                        + "digits); the measured runs of a cell are merged and p50/p90/p99/p99.9/max read from it. n/a means not recorded.",
                "× dbus-daemon divides µs/call by dbus-daemon's at the same mode, payload and window: below 1 is faster. "
                        + "The numbers hold for this machine and this session only.");
    }
}
