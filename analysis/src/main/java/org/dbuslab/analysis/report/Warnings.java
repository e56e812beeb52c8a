package org.dbuslab.analysis.report;

import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.LabHealth;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.analysis.model.RunOrder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * "Warnings": what makes numbers suspect, most serious first, one row per cell (cell, what, figure) under a one-line
 * summary. Cells are marked imprecise only when their 95% CI is wider than the precision target or stands on too few
 * runs ({@link PrecisionMark}), not for a run-to-run spread alone. summary.json keeps the same warnings as sentences ({@link #sentences}).
 */
public final class Warnings {

    public static final String ID = "warnings";
    public static final String FAILURE_WARNING = "WARNING: calls went wrong";

    /** One warning: which cell, what kind of trouble, the figure that shows it. */
    public record Row(String cell, String what, String figure) {
    }

    private static final Map<String, String> EXPLAINED = new LinkedHashMap<>();

    static {
        EXPLAINED.put("calls went wrong", "lost, mismatched or errored calls: the cell's timings are suspect.");
        EXPLAINED.put("imprecise", "the 95% CI of the median µs/call is wider than the target, or stands on fewer than "
                + PrecisionMark.LEAST_RUNS + " runs (blocks), from which no interval of a median holds: more blocks (runs) would "
                + "narrow it; a verdict that needs a smaller difference than that cannot be made.");
        EXPLAINED.put("two speeds", "the upper quartile of µs per call is more than "
                + Numbers.ratio(CellSummary.TWO_SPEEDS_QUARTILE_RATIO) + "× the lower: on a small VM calls are several times "
                + "faster while the threads that hand them over share a CPU than when each hand-over wakes an idle CPU, so "
                + "the median is whichever speed had more runs.");
        EXPLAINED.put("below the raw-socket floor", "significantly faster than a plain request and reply on the same kind "
                + "of socket: the cell and its floor ran under different conditions, and neither figure is the transport's cost.");
        EXPLAINED.put("not interleaved", "each transport's runs back to back: drift during the session biases the comparison.");
    }

    private Warnings() {
    }

    public static List<Row> rows(Analysis analysis) {
        List<Row> rows = new ArrayList<>();
        analysis.failedChecks().forEach(check -> rows.add(new Row(check.key().transport(), "over-limit check failed", check.text())));
        analysis.cellsWithFailures().forEach(cell -> rows.add(new Row(cell.key().label(), "calls went wrong",
                cell.counts().describe() + (cell.warmupCounts().isClean() ? "" : "; warm-up " + cell.warmupCounts().describe()))));
        analysis.cellsWithLatencyCountMismatch().forEach(cell -> rows.add(new Row(cell.key().label(), "latency count",
                cell.latency().count() + " calls in the histograms, expected " + cell.latency().expectedCount())));
        analysis.allCells().stream().filter(c -> c.fixedCost().missing() > 0).forEach(c -> rows.add(new Row(c.key().label(),
                "spam fixed cost missing", c.fixedCost().missing() + " of " + c.runs() + " runs use elapsed / calls")));
        analysis.allCells().stream().filter(c -> c.fixedCost().nonPositive() > 0).forEach(c -> rows.add(new Row(c.key().label(),
                "spam fixed cost too large", c.fixedCost().nonPositive() + " runs at or below zero")));
        analysis.health().belowFloor().forEach(r -> rows.add(new Row(r.cell().key().label(), "below the raw-socket floor",
                Numbers.factor(r.result().ratioOfMedians()) + "× the floor (" + Ranges.ratioCi(95, r.result().ratioInterval()) + ")")));
        analysis.twoSpeedCells().forEach(c -> rows.add(new Row(c.key().label(), "two speeds",
                "quartiles " + Numbers.ratio(c.quartileRatio()) + "× apart")));
        double target = PrecisionMark.target(analysis);
        analysis.tableCells().stream().filter(c -> PrecisionMark.missed(c, target)).forEach(c -> rows.add(new Row(c.key().label(),
                "imprecise", (Double.isFinite(c.usPerCallHalfWidthPct()) ? "±" + Numbers.fixed(c.usPerCallHalfWidthPct(), 1) + " %"
                        + (PrecisionMark.tooFewRuns(c) ? " from " + PrecisionMark.valuesText(c) + ": a median's 95% CI needs "
                        + PrecisionMark.LEAST_RUNS : "")
                        : "no CI from " + c.runs() + " run(s)") + " (target ±" + Numbers.fixed(target, 1) + " %)")));
        analysis.runOrder().groups().stream().filter(g -> g.pattern() == RunOrder.Pattern.BLOCKED)
                .forEach(g -> rows.add(new Row(g.shape(), "not interleaved", "see Run order")));
        return rows;
    }

    public static Section of(Analysis analysis) {
        Section.Builder section = Section.builder(ID, "Warnings");
        List<Row> rows = rows(analysis);
        if (rows.isEmpty()) {
            return section.text("none").build();
        }
        section.paragraph(summary(rows), rows.stream().anyMatch(Warnings::serious) ? Block.Tone.WARNING : Block.Tone.NORMAL);
        section.table(new Table(List.of("cell", "what", "figure"), List.of(false, false, false),
                rows.stream().map(r -> List.of(r.cell(), r.what(), r.figure())).toList()), "warnings");
        rows.stream().map(Row::what).distinct().filter(EXPLAINED::containsKey)
                .forEach(what -> section.note(capitalized(what) + ": " + EXPLAINED.get(what)));
        return section.build();
    }

    /** "12 warnings: 1 over-limit check failed, 9 imprecise, 2 two speeds." */
    public static String summary(List<Row> rows) {
        Map<String, Long> byWhat = rows.stream().collect(Collectors.groupingBy(Row::what, LinkedHashMap::new, Collectors.counting()));
        return rows.size() + " warning" + (rows.size() == 1 ? "" : "s") + ": " + byWhat.entrySet().stream()
                .map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", ")) + ".";
    }

    /** Wrong calls and failed checks, as opposed to imprecision. */
    private static boolean serious(Row row) {
        return row.what().equals("calls went wrong") || row.what().equals("over-limit check failed");
    }

    private static String capitalized(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /** The same warnings as sentences, for summary.json and stderr; empty when there are none. */
    public static List<String> sentences(Analysis analysis) {
        List<String> warnings = new ArrayList<>();
        analysis.failedChecks().forEach(check -> warnings.add("WARNING: " + check.text() + "."));
        List<CellSummary> failing = analysis.cellsWithFailures();
        if (!failing.isEmpty()) {
            warnings.add(FAILURE_WARNING + " in " + failing.size() + " cell(s), their timings are suspect: "
                    + failing.stream().map(Warnings::failure).collect(Collectors.joining("; ")) + ".");
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
                    + "× the floor, " + Ranges.ratioCi(95, r.result().ratioInterval()) + ")").collect(Collectors.joining("; ")) + ".");
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
}
