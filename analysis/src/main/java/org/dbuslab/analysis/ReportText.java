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

    /** The things that make numbers suspect, most serious first; empty when there are none. */
    static List<String> warnings(Analysis analysis) {
        List<String> warnings = new ArrayList<>();
        List<CellSummary> failing = analysis.cellsWithFailures();
        if (!failing.isEmpty()) {
            warnings.add(FAILURE_WARNING + " in " + failing.size() + " cell(s), their timings are suspect: "
                    + failing.stream().map(ReportText::failure).collect(Collectors.joining("; ")) + ".");
        }
        analysis.analysisWarnings().forEach(w -> warnings.add("Latency: " + w + "."));
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
        return "Lost / mismatched / errors over all measured runs: " + total.lost() + " / " + total.mismatched() + " / "
                + total.errors() + ".";
    }

    static String warmups(Analysis analysis) {
        return "Warm-up runs excluded from all statistics: " + analysis.warmupRunsExcluded() + ".";
    }

    static String runOrderIntro(Analysis analysis) {
        RunOrder order = analysis.runOrder();
        long warmups = order.runs().stream().filter(r -> !r.measured()).count();
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
