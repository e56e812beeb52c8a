package org.dbuslab.analysis.report;

import java.util.ArrayList;
import java.util.List;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.RunBlocks;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.LabHealth;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.read.CellKey;

/** "How to read this": what every number is and how it was computed. */
public final class HowToReadSection {

    private HowToReadSection() {
    }

    public static final String ID = "how-to-read";

    public static Section of(Analysis analysis) {
        Section.Builder section = Section.builder(ID, "How to read this").collapsed();
        howToRead(analysis).forEach(section::text);
        return section.build();
    }

    /** The methods, in a few sentences each: what every number is and how it was computed. */
    public static List<String> howToRead(Analysis analysis) {
        List<String> paragraphs = new ArrayList<>(methods(analysis));
        if (analysis.hasLabSeries()) {
            paragraphs.add("Rows of runs.csv belong to a pair (client>server) and a series. The headline, verdicts, latency "
                    + "and details are about the subject, " + CellKey.SUBJECT_PAIR + " in the transport matrix; rows of "
                    + "other pairs (libdbus, the raw-socket floor) are reference rows, marked \"(reference)\" wherever they "
                    + "appear, and are not compared with the transports. The sweep and the over-limit check have their own "
                    + "sections; the over-limit check's runs are kept out of the correctness totals.");
            paragraphs.add("Lab health: the Java client and the Java server against libdbus>libdbus, ratios of median µs "
                    + "per call. " + LabHealthSection.targets());
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
                        + analysis.bootstrap().seed() + ", so the report is reproducible"
                        + (analysis.bootstrap().reduced() ? "; fewer than a smaller folder gets, because this folder "
                        + "holds so many runs: that bounds the report's time" : "")
                        + "). The 95% CI of the mean is Student's t.",
                "CV is the standard deviation of the run times over their mean; above " + Numbers.percent(CellSummary.NOISY_CV)
                        + " a cell is marked noisy. Outliers are classified with Tukey's fences on the run times "
                        + "(mild: beyond 1.5 × IQR from the quartiles, severe: beyond 3 × IQR); they are counted, not removed.",
                "Each transport is compared with " + baselines + " at the same mode, payload and window, run by run on µs/call: "
                        + "the ratio of medians with a bootstrap 95% CI, the difference in µs/call with its CI, and a two-sided "
                        + "Mann-Whitney U test (exact distribution without ties when a side has at most 8 runs, otherwise the normal "
                        + "approximation with tie and continuity correction, as SciPy's mannwhitneyu). \"Faster\" or \"slower\" is said only "
                        + "when the CI of the ratio excludes 1 and p < " + Numbers.fixed(analysis.alpha(), 2) + "; otherwise "
                        + "\"no significant difference\", or \"too few runs to tell\" where the test can never reach p < 0.05 with these "
                        + "runs (3 against 3, or 5 paired blocks), whose CI then reads n/a (a bootstrap of so few values covers far less "
                        + "than 95 %). "
                        + "Cells measured in the same blocks (at least " + RunBlocks.MIN_BLOCKS + ") are compared block by "
                        + "block instead: the ratio is the median over the blocks of each block's ratio of medians, with its "
                        + "block bootstrap 95% CI, and the test Wilcoxon's signed-rank test of the same ratios; so a "
                        + "paired ratio can differ a little from the ratio of the two cells' medians.",
                "Per-call latency is each call's round-trip time recorded by the client in an HdrHistogram (nanoseconds, 3 significant "
                        + "digits); the measured runs of a cell are merged and p50/p90/p99/p99.9/max read from it. n/a means not recorded.",
                "× dbus-daemon divides µs/call by dbus-daemon's at the same mode, payload and window: below 1 is faster. "
                        + "The numbers hold for this machine and this session only.");
    }
}
