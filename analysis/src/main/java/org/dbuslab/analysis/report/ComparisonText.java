package org.dbuslab.analysis.report;

import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellComparison;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Placements;
import org.dbuslab.stats.Equivalence;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.SampleComparison;

/**
 * The plain-language verdict of a comparison, e.g.
 * {@code dbus-broker, async, 10000 B: 1.28× faster than dbus-daemon (95% CI 1.21–1.35), −16.0 µs/call (−19.0…−13.0), p < 0.001}.
 * A speed-up is shown as a factor above 1 in the direction of the verdict; "faster" or "slower" only when
 * the difference is significant (see {@link SampleComparison#significant()}).
 */
public final class ComparisonText {

    public static final String NO_DIFFERENCE = "no significant difference";
    /** The same words as compare's verdict for a cell whose runs could never reach alpha. */
    public static final String TOO_FEW_RUNS = org.dbuslab.analysis.compare.Change.TOO_FEW_RUNS.text();
    public static final String DEPENDS_ON_PLACEMENT = "depends on placement";

    private ComparisonText() {
    }

    public static String line(CellComparison c) {
        return line(c, c.baselineTransport());
    }

    /**
     * A headline verdict within a session: "depends
     * on placement" instead of faster or slower when another placement's verdict differs, and the equivalence verdict.
     */
    public static String line(CellComparison c, Analysis analysis) {
        String name = name(c.cell().key());
        if (c.dependsOnPlacement(analysis.comparisons())) {
            SampleComparison r = c.result();
            return name + ": " + DEPENDS_ON_PLACEMENT + " (here time ratio " + Numbers.factor(r.ratioOfMedians()) + ", "
                    + Ranges.ratioCi(95, r.ratioInterval()) + ", against " + c.baselineTransport() + "; "
                    + c.inOtherPlacements(analysis.comparisons()).stream()
                    .map(s -> s.cell().key().placement() + ": " + shortVerdict(s)).collect(java.util.stream.Collectors.joining(", "))
                    + ")" + equivalence(c);
        }
        return name + ": " + verdict(c, c.baselineTransport()) + equivalence(c);
    }

    /** "; equivalent within ±5% (90% CI 0.98–1.02)" when TOST says so, else "". */
    private static String equivalence(CellComparison c) {
        Equivalence e = c.equivalence();
        return e.equivalent() ? "; " + equivalentWithin(e) + " (" + Ranges.ratioCi(90, e.ratioInterval()) + ")" : "";
    }

    /**
     * The words for a difference that is not significant. Where the exact test could never reach alpha with these runs,
     * "no significant difference" would read as a finding, even beside an interval that excludes 1: say so instead.
     * Where the interval excludes 1 but the test did not reach alpha (a verdict needs both), the test's p-value says
     * why: "no significant difference (p = 0.063)", beside "0.91 (95% CI 0.89–0.93)" in a finding.
     */
    public static String notSignificant(SampleComparison r) {
        String p = testThatDidNotReachAlpha(r);
        return p.isEmpty() ? notSignificantWord(r) : notSignificantWord(r) + " (" + p + ")";
    }

    /** notSignificant without the p, for a text that gives it beside the interval ({@link #andTestThatDidNotReachAlpha}). */
    public static String notSignificantWord(SampleComparison r) {
        return r.tooFewRunsToTell() ? TOO_FEW_RUNS : NO_DIFFERENCE;
    }

    /** "p = 0.063" for a difference whose interval excludes 1 while its test did not reach alpha, else "". */
    public static String testThatDidNotReachAlpha(SampleComparison r) {
        return !r.significant() && !r.tooFewRunsToTell() && r.ratioInterval().excludes(1) ? Numbers.pValue(r.test().pValue()) : "";
    }

    /** ", p = 0.063" to close an interval's parenthesis with, or "" ({@link #testThatDidNotReachAlpha}). */
    public static String andTestThatDidNotReachAlpha(SampleComparison r) {
        String p = testThatDidNotReachAlpha(r);
        return p.isEmpty() ? "" : ", " + p;
    }

    /** "equivalent within ±5%". */
    public static String equivalentWithin(Equivalence e) {
        return "equivalent within ±" + Numbers.fixed(e.marginPct(), e.marginPct() == Math.rint(e.marginPct()) ? 0 : 1) + "%";
    }

    /** With the baseline named otherwise than by its transport (e.g. "sync" for pipelined against sync). */
    public static String line(CellComparison c, String baseline) {
        return name(c.cell().key()) + ": " + verdict(c, baseline);
    }

    /** "dbus-broker, async, 1000 B, window 16, cross": the placement named unless free (older sessions: all free). */
    private static String name(CellKey key) {
        return key.transport() + ", " + key.mode() + ", " + key.payloadBytes() + " B"
                + (key.window() > 1 ? ", window " + key.window() : "")
                + (key.placement().equals(Placements.FREE) ? "" : ", " + key.placement());
    }

    /** Everything after the cell's name. */
    public static String verdict(CellComparison c) {
        return verdict(c, c.baselineTransport());
    }

    public static String verdict(CellComparison c, String baseline) {
        SampleComparison r = c.result();
        String difference = Numbers.signedMicroseconds(r.difference()) + " µs/call ("
                + Ranges.signed(r.differenceInterval()) + "), " + Numbers.pValue(r.test().pValue())
                + (r.paired() ? ", paired over " + r.pairedBlocks() + " blocks" : "");
        return switch (r.direction()) {
            case LOWER -> factor(1 / r.ratioOfMedians()) + "× faster than " + baseline + " ("
                    + Ranges.ratioCi(95, speedUp(r.ratioInterval())) + "), " + difference;
            case HIGHER -> factor(r.ratioOfMedians()) + "× slower than " + baseline + " ("
                    + Ranges.ratioCi(95, r.ratioInterval()) + "), " + difference;
            case NOT_SIGNIFICANT -> (r.tooFewRunsToTell() ? TOO_FEW_RUNS + " against " : NO_DIFFERENCE + " from ") + baseline + " (time ratio " + Numbers.factor(r.ratioOfMedians())
                    + ", " + Ranges.ratioCi(95, r.ratioInterval()) + "), " + difference + tooFewRuns(c);
        };
    }

    /** Short form for the headline table: "1.32× faster", "1.15× slower", "equiv. ±5%" or "no sig. diff.". */
    public static String shortVerdict(CellComparison c) {
        SampleComparison r = c.result();
        return switch (r.direction()) {
            case LOWER -> factor(1 / r.ratioOfMedians()) + "× faster";
            case HIGHER -> factor(r.ratioOfMedians()) + "× slower";
            case NOT_SIGNIFICANT -> c.equivalent() ? "equiv. ±" + Numbers.fixed(c.equivalence().marginPct(), 0) + "%"
                    : c.tooFewRunsToTell() ? "too few runs" : "no sig. diff.";
        };
    }

    /** The headline table's short form within a session: "depends on placement" where another placement disagrees. */
    public static String shortVerdict(CellComparison c, Analysis analysis) {
        return c.dependsOnPlacement(analysis.comparisons()) ? DEPENDS_ON_PLACEMENT : shortVerdict(c);
    }

    private static String tooFewRuns(CellComparison c) {
        if (!c.tooFewRunsToTell()) {
            return "";
        }
        SampleComparison r = c.result();
        String sizes = r.paired() ? r.pairedBlocks() + " paired blocks" : c.cell().runs() + " vs " + c.baseline().runs() + " runs";
        return "; " + sizes + " can never reach p < " + Numbers.fixed(r.alpha(), 2) + " (smallest possible p = "
                + Numbers.fixed(r.test().smallestPossibleP(), 3) + "): measure more " + (r.paired() ? "blocks" : "runs");
    }

    private static String factor(double value) {
        return Numbers.factor(value);
    }

    /** A time ratio's interval turned into the interval of the speed-up 1 / ratio. */
    private static Interval speedUp(Interval timeRatio) {
        return timeRatio.isDefined() ? new Interval(1 / timeRatio.high(), 1 / timeRatio.low()) : Interval.UNDEFINED;
    }
}
