package org.dbuslab.analysis.report;

import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellComparison;
import org.dbuslab.analysis.model.CellOrder;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.CpuPerCall;
import org.dbuslab.analysis.model.LabHealth;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.read.Placements;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.analysis.model.SweepSeries;
import org.dbuslab.analysis.model.calls.MatrixRunLength;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.stats.Direction;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The report's opening verdicts, in the lab's order of questions: bus against bus, bus against peer-to-peer, sync
 * against pipelined (and where the sweep saturates), what the client library costs, what the seed's experiments look like
 * today ({@link SeedFinding}), what real-world paths cost ({@link RealWorldPathsFindings}), how precise it all is. Each is
 * read off the comparisons the sections show (no second computation), says "no significant difference" where the
 * data cannot tell, gives its ratio with the 95% CI, and links to the section that backs it up. A question the
 * session did not measure gets no finding.
 */
public final class Findings {

    private Findings() {
    }

    public static List<Block.Item> of(Analysis analysis) {
        List<Block.Item> findings = new ArrayList<>();
        String baseline = CellOrder.BASELINE_TRANSPORT;
        List<CellComparison> against = analysis.comparisonsAgainst(baseline);
        String verdicts = HeadlineSection.againstId(baseline);
        transports(against).stream().filter(t -> !t.startsWith("p2p-") && !t.endsWith("-tcp"))
                .forEach(t -> findings.add(link(transportFinding(t, baseline, against, analysis), verdicts)));
        transports(against).stream().filter(t -> t.startsWith("p2p-"))
                .forEach(t -> findings.add(link(transportFinding(t, baseline, against, analysis), verdicts)));
        pipelining(analysis).ifPresent(f -> findings.add(link(f, HeadlineSection.PIPELINING_ID)));
        analysis.sweep().stream().filter(s -> s.saturation().isPresent()).findFirst()
                .ifPresent(s -> findings.add(link(sweep(analysis, s), SweepSection.ID)));
        clientOverhead(analysis).ifPresent(f -> findings.add(link(f, LabHealthSection.ID)));
        cpu(analysis).ifPresent(f -> findings.add(link(f, WhereTimeGoes.ID)));
        ClientLibrariesFinding.of(analysis).ifPresent(f -> findings.add(link(f, ClientLibrariesSection.ID)));
        LkmlSection.finding(analysis).ifPresent(f -> findings.add(link(f, LkmlSection.ID)));
        SeedFinding.of(analysis).forEach(f -> findings.add(link(f, ScenariosSection.ID)));
        findings.addAll(RealWorldPathsFindings.of(analysis));
        precision(analysis).ifPresent(f -> findings.add(link(f, PrecisionView.ID)));
        return findings;
    }

    private static Block.Item link(String text, String section) {
        return new Block.Item(text, section, Block.Tone.NORMAL);
    }

    private static List<String> transports(List<CellComparison> comparisons) {
        return comparisons.stream().map(c -> c.cell().key().transport()).distinct().sorted(CellOrder.TRANSPORT).toList();
    }

    /** The groups of a transport's finding, in this order. */
    private enum Word { FASTER, SLOWER, DEPENDS, EQUIVALENT, NO_DIFFERENCE, TOO_FEW_RUNS }

    private static Word word(CellComparison c, Analysis analysis) {
        if (c.dependsOnPlacement(analysis.comparisons())) {
            return Word.DEPENDS;
        }
        return switch (c.result().direction()) {
            case LOWER -> Word.FASTER;
            case HIGHER -> Word.SLOWER;
            case NOT_SIGNIFICANT -> c.equivalent() ? Word.EQUIVALENT : c.tooFewRunsToTell() ? Word.TOO_FEW_RUNS : Word.NO_DIFFERENCE;
        };
    }

    /** "dbus-broker against dbus-daemon: faster in 3 of 4 cells — sync 1000 B 1.32× (95% CI 1.26–1.37), …; no significant difference at …" */
    private static String transportFinding(String transport, String baseline, List<CellComparison> against, Analysis analysis) {
        List<CellComparison> cells = against.stream().filter(c -> c.cell().key().transport().equals(transport)).toList();
        List<String> parts = new ArrayList<>();
        for (Word word : Word.values()) {
            List<CellComparison> these = cells.stream().filter(c -> word(c, analysis) == word).toList();
            if (these.isEmpty()) {
                continue;
            }
            String text = switch (word) {
                case FASTER -> "faster";
                case SLOWER -> "slower";
                case DEPENDS -> ComparisonText.DEPENDS_ON_PLACEMENT;
                case EQUIVALENT -> ComparisonText.equivalentWithin(these.get(0).equivalence());
                case NO_DIFFERENCE -> ComparisonText.NO_DIFFERENCE;
                case TOO_FEW_RUNS -> ComparisonText.TOO_FEW_RUNS;
            };
            boolean factor = word == Word.FASTER || word == Word.SLOWER;
            // too few runs to tell: no interval to give, so neither the header nor the cells promise one
            boolean noCi = word == Word.TOO_FEW_RUNS;
            parts.add(text + " in " + these.size() + " of " + cells.size() + " cells, "
                    + (factor ? "factor (95% CI) " : noCi ? "time ratio " : "time ratio (95% CI) ")
                    + these.stream().map(c -> noCi ? cellName(c, analysis) + Numbers.factor(c.result().ratioOfMedians())
                    : cellRatio(c, analysis)).collect(Collectors.joining(", ")));
        }
        return transport + " against " + baseline + pairedNote(cells) + ": " + String.join("; ", parts) + ".";
    }

    /** "sync 1000 B 1.32 (1.26–1.37)": the factor in the verdict's direction, the time ratio when there is none. */
    private static String cellRatio(CellComparison c, Analysis analysis) {
        SampleComparison r = c.result();
        String cell = cellName(c, analysis);
        Direction direction = c.dependsOnPlacement(analysis.comparisons()) ? Direction.NOT_SIGNIFICANT : r.direction();
        return switch (direction) {
            case LOWER -> cell + Numbers.factor(1 / r.ratioOfMedians()) + "× (" + Ranges.ratio(inverse(r.ratioInterval())) + ")";
            case HIGHER -> cell + Numbers.factor(r.ratioOfMedians()) + "× (" + Ranges.ratio(r.ratioInterval()) + ")";
            case NOT_SIGNIFICANT -> cell + Numbers.factor(r.ratioOfMedians()) + " (" + Ranges.ratio(r.ratioInterval())
                    + ComparisonText.andTestThatDidNotReachAlpha(r) + ")";
        };
    }

    /** "sync 1000 B " or, where placement is a factor, "sync 1000 B one-cpu ". */
    private static String cellName(CellComparison c, Analysis analysis) {
        CellKey key = c.cell().key();
        return key.mode() + " " + key.payloadBytes() + " B " + (analysis.placementIsAFactor() ? key.placement() + " " : "");
    }

    private static Interval inverse(Interval ratio) {
        return ratio.isDefined() ? new Interval(1 / ratio.high(), 1 / ratio.low()) : Interval.UNDEFINED;
    }

    private static String pairedNote(List<CellComparison> cells) {
        int blocks = cells.stream().filter(c -> c.result().paired()).mapToInt(c -> c.result().pairedBlocks()).min().orElse(0);
        return blocks > 0 && cells.stream().allMatch(c -> c.result().paired()) ? " (paired over ≥ " + blocks + " blocks)" : "";
    }

    /** Pipelined against sync on the baseline bus (else the first transport that has both). */
    private static Optional<String> pipelining(Analysis analysis) {
        List<CellComparison> all = analysis.pipelining();
        if (all.isEmpty()) {
            return Optional.empty();
        }
        String transport = all.stream().anyMatch(c -> c.cell().key().transport().equals(CellOrder.BASELINE_TRANSPORT))
                ? CellOrder.BASELINE_TRANSPORT : all.get(0).cell().key().transport();
        List<CellComparison> cells = all.stream().filter(c -> c.cell().key().transport().equals(transport)).toList();
        String window = cells.stream().map(c -> String.valueOf(c.cell().key().window())).distinct().collect(Collectors.joining("/"));
        return Optional.of("Pipelined (window " + window + ") against sync on " + transport + ", per call: "
                + cells.stream().map(c -> verdictWord(c.result()) + " at " + cellRatio(c, analysis)).collect(Collectors.joining("; ")) + ".");
    }

    private static String verdictWord(SampleComparison r) {
        return switch (r.direction()) {
            case LOWER -> "faster";
            case HIGHER -> "slower";
            case NOT_SIGNIFICANT -> ComparisonText.notSignificantWord(r); // cellRatio gives the p beside the interval
        };
    }

    private static String sweep(Analysis analysis, SweepSeries series) {
        CellSummary sat = series.saturation().orElseThrow();
        CellSummary best = series.best().orElseThrow();
        Interval ci = sat.callsPerSecondCi95();
        String rate = Numbers.perSecond(sat.callsPerSecond()) + " calls/s (" + Ranges.ci(95, ci, Numbers::perSecond, "–")
                + PrecisionMark.mark(sat, PrecisionMark.target(analysis)) + ")";
        String on = series.transport() + " (" + series.mode() + " " + series.payloadBytes() + " B)";
        if (!series.saturatesWithinSweep()) {
            return "Pipelining does not saturate on " + on + " within the sweep: the deepest window, " + sat.key().window()
                    + ", is the fastest at " + rate + ", and no shallower window came within "
                    + Numbers.percent(SweepSeries.SATURATION_WITHIN) + " of it.";
        }
        return "Pipelining saturates on " + on + " at window " + sat.key().window() + ": " + rate + ", within "
                + Numbers.percent(SweepSeries.SATURATION_WITHIN) + " of the best, "
                + Numbers.perSecond(best.callsPerSecond()) + " at window " + best.key().window() + ".";
    }

    /** The Java client's and server's ratio over libdbus on the baseline bus's first row with both. */
    private static Optional<String> clientOverhead(Analysis analysis) {
        return analysis.health().overhead().stream().filter(r -> r.client() != null)
                .min(Comparator.comparing((LabHealth.OverheadRow r) -> !r.transport().equals(CellOrder.BASELINE_TRANSPORT)))
                .map(row -> "The Java client costs " + overhead(row.client()) + " libdbus's time per call on " + row.transport()
                        + " " + row.mode() + " " + row.payloadBytes() + " B" + (row.server() == null ? ""
                        : ", the Java server " + overhead(row.server())) + " (targets ≤ "
                        + Numbers.factor(LabHealth.CLIENT_TARGET_RATIO) + "× and ≤ " + Numbers.factor(LabHealth.SERVER_TARGET_RATIO)
                        + "×, CI ≤ " + Numbers.factor(LabHealth.UPPER_BOUND_TARGET) + ").");
    }

    /** "1.09× (95% CI 0.95–1.14, over 1.00×)" or "0.98× (95% CI 0.94–1.04, within the target)" */
    private static String overhead(LabHealth.PairOverhead o) {
        SampleComparison r = o.result();
        String verdict = o.meetsTarget() ? "within the target" : o.judgeable() ? LabHealthSection.shortfall(o)
                : LabHealthSection.UNJUDGED;
        String ci = r.ratioInterval().isDefined() ? Ranges.ratioCi(95, r.ratioInterval()) + ", " : "";
        return Numbers.factor(r.ratioOfMedians()) + "× (" + ci + verdict + ")";
    }

    /**
     * Where the time goes in the Java pair's and libdbus's sync call on the baseline bus, smallest payload, in one-cpu
     * where the session has it (the placement of the libdbus pairs): both sides of the sentence in one placement.
     */
    private static Optional<String> cpu(Analysis analysis) {
        if (!analysis.cpuRecorded()) {
            return Optional.empty();
        }
        Optional<CellSummary> java = analysis.timeCells().stream().filter(c -> c.key().subject() && c.cpu().measured()
                && c.key().mode().equals("sync")).min(Comparator.comparing((CellSummary c) -> !c.key().transport()
                .equals(CellOrder.BASELINE_TRANSPORT)).thenComparingInt(c -> c.key().payloadBytes())
                .thenComparing(c -> !c.key().placement().equals(Placements.ONE_CPU)));
        return java.map(cell -> {
            CellKey key = cell.key();
            String text = "CPU per call of a " + key.mode() + " " + key.payloadBytes() + " B call on " + key.transport()
                    + (analysis.placementIsAFactor() ? " " + key.placement() : "")
                    + " (medians of " + cell.cpu().runs() + " runs, " + Numbers.microseconds(cell.usPerCallMedian()) + " µs wall): "
                    + components(cell.cpu(), "Java");
            Optional<CellSummary> libdbus = analysis.timeCells().stream().filter(c -> c.key().pair().equals(CellKey.LIBDBUS_PAIR)
                    && c.cpu().measured() && c.key().transport().equals(key.transport()) && c.key().mode().equals(key.mode())
                    && c.key().payloadBytes() == key.payloadBytes() && c.key().placement().equals(key.placement())).findFirst();
            return text + libdbus.map(l -> "; with libdbus on both ends " + components(l.cpu(), "libdbus")).orElse("") + ".";
        });
    }

    private static String components(CpuPerCall cpu, String library) {
        return library + " client " + Numbers.microseconds(cpu.client()) + " µs, bus " + Numbers.microseconds(cpu.bus())
                + " µs, " + library + " server " + Numbers.microseconds(cpu.server()) + " µs";
    }

    /** How wide the matrix cells' CIs are, against the target. */
    private static Optional<String> precision(Analysis analysis) {
        List<CellSummary> cells = analysis.cells().stream().filter(c -> c.runs() > 0).toList();
        if (cells.isEmpty()) {
            return Optional.empty();
        }
        double target = PrecisionMark.target(analysis);
        long within = cells.stream().filter(c -> !PrecisionMark.missed(c, target)).count();
        long tooFew = cells.stream().filter(PrecisionMark::tooFewRuns).count();
        long noCi = cells.stream().filter(c -> !PrecisionMark.tooFewRuns(c) && !Double.isFinite(c.usPerCallHalfWidthPct())).count();
        CellSummary worst = cells.stream().filter(c -> Double.isFinite(c.usPerCallHalfWidthPct()))
                .max(Comparator.comparingDouble(CellSummary::usPerCallHalfWidthPct)).orElse(cells.get(0));
        double medianWidth = analysis.medianHalfWidthPct();
        String median = Double.isNaN(medianWidth) ? Numbers.NOT_AVAILABLE : "±" + Numbers.fixed(medianWidth, 1) + " %";
        return Optional.of("Precision: " + within + " of " + cells.size() + " matrix cells have a 95% CI within "
                + PrecisionMark.describe(analysis) + "; the median cell's half-width is " + median + ", the widest ±"
                + Numbers.fixed(worst.usPerCallHalfWidthPct(), 1) + " % (" + worst.key().label() + ")"
                + (tooFew > 0 ? "; " + tooFew + " cell(s) have fewer than " + PrecisionMark.LEAST_RUNS
                + " runs (blocks), too few for their interval to hold, and count as not within" : "")
                + (noCi > 0 ? "; " + noCi + " cell(s) have no CI" : "")
                + (within < cells.size() ? ": differences smaller than that are not resolved." : ".")
                + (analysis.placementIsAFactor() ? " " + byPlacement(analysis) : "") + matrixFirst(analysis)
                + hostSpeed(analysis) + runLengthMissed(analysis));
    }

    /** " The matrix's median run missed --run-ms 50 by over ±20 %: 0.64× in one-cpu, …", when a placement's did. */
    private static String runLengthMissed(Analysis analysis) {
        List<MatrixRunLength> missed = analysis.runLengths().stream().filter(MatrixRunLength::missed).toList();
        return missed.isEmpty() ? "" : " The matrix's median run missed " + missed.get(0).targetText() + " by over "
                + MatrixRunLength.toleranceText() + ": " + missed.stream().map(l -> Numbers.factor(l.ratio()) + "× in "
                + l.placement()).collect(Collectors.joining(", ")) + " (Precision, Run length).";
    }

    /**
     * " The host's speed wandered: …", each probed CPU's 10th to 90th percentile reading over its median and the halves
     * set aside (host-speed.tsv), so that a reader sees whether wide intervals came from the host; "" without the file.
     */
    private static String hostSpeed(Analysis analysis) {
        return analysis.folder().hostSpeed().filter(h -> !h.medians().isEmpty()).map(h -> " The host's speed over the"
                + " session (host-speed.tsv, a fixed piece of work timed on each CPU around every half-block; 10th to 90th"
                + " percentile over its median): " + h.cpus().stream().filter(c -> h.medians().containsKey(c))
                .map(c -> "CPU " + c + " " + Numbers.fixed(h.timesAt(c, 0.1), 2) + "–" + Numbers.fixed(h.timesAt(c, 0.9), 2) + "×")
                .collect(Collectors.joining(", ")) + "; " + h.slowed().size() + " half-block(s) set aside for a"
                + " lasting slowdown (Lab health, Host speed).").orElse("");
    }

    /** " The matrix came first: …", the runner's words (notes.tsv budget / matrix-first), when the budget was short. */
    private static String matrixFirst(Analysis analysis) {
        return analysis.folder().notes().stream()
                .filter(n -> !n.text().isEmpty() && n.topic().equals(org.dbuslab.format.NotesTsv.BUDGET) && n.outcome().equals(org.dbuslab.format.NotesTsv.MATRIX_FIRST))
                .map(n -> " " + Character.toUpperCase(n.text().charAt(0)) + n.text().substring(1) + ".").findFirst().orElse("");
    }

    /** "Per placement: one-cpu median ±2.1 %, widest ±3.4 %, headline comparisons resolved 16 of 16; cross …." */
    private static String byPlacement(Analysis analysis) {
        return "Per placement: " + analysis.headlineResolution().stream().map(r -> r.placement() + " median ±"
                + Numbers.fixed(analysis.medianHalfWidthPct(r.placement()), 1) + " %, widest ±"
                + Numbers.fixed(analysis.widestHalfWidthPct(r.placement()), 1) + " %, headline comparisons resolved (ratio CI within ±"
                + Numbers.fixed(CellComparison.RESOLVED_HALF_WIDTH_PCT, 0) + " % or equivalent) " + r.resolved() + " of "
                + r.comparisons()).collect(Collectors.joining("; ")) + ".";
    }
}
