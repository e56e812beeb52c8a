package org.dbuslab.analysis.report;

import java.util.ArrayList;
import java.util.List;
import org.dbuslab.analysis.charts.Charts;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.analysis.model.SweepSeries;
import org.dbuslab.analysis.model.SweepStep;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.stats.SampleComparison;

/** "Pipelining-depth sweep": the grid, each window against the next smaller one, the chart. */
public final class SweepSection {

    private SweepSection() {
    }

    public static final String ID = "sweep";

    public static Section of(Analysis analysis) {
        Section.Builder section = Section.builder(ID, "Pipelining-depth sweep");
        if (analysis.sweep().isEmpty()) {
            return section.text(noSweep()).build();
        }
        section.note(sweepIntro()).table(sweep(analysis.sweep(), PrecisionMark.target(analysis)), "details");
        if (!analysis.sweepSteps().isEmpty()) {
            section.subsection(Section.builder("sweep-steps", "Window against the next smaller window")
                    .table(sweepSteps(analysis.sweepSteps()), "details").build());
        }
        return section.charts(Charts.sweep(analysis)).build();
    }

    public static String sweepIntro() {
        return "Java client, pipelined, one point per window; calls/s is calls per run / median run time, µs/call its "
                + "inverse. Throughput saturates at the smallest window whose calls/s are within "
                + Numbers.percent(SweepSeries.SATURATION_WITHIN) + " of the best. A window with lost, mismatched or "
                + "errored calls says so and counts for neither; ⚠ alone marks "
                + PrecisionMark.meaning("a point", "the precision target") + " (see Precision).";
    }

    public static String noSweep() {
        return "No pipelining-depth sweep in this session.";
    }

    /** "window 16 (24512 calls/s; best 25010 at window 64)" */
    public static String saturation(SweepSeries series) {
        return series.saturation().map(sat -> {
            CellSummary best = series.best().orElseThrow();
            if (!series.saturatesWithinSweep()) {
                return "not within the sweep: the deepest window, " + sat.key().window() + ", is the fastest ("
                        + Numbers.perSecond(sat.callsPerSecond()) + " calls/s)";
            }
            return "window " + sat.key().window() + " (" + Numbers.perSecond(sat.callsPerSecond()) + " calls/s; best "
                    + Numbers.perSecond(best.callsPerSecond()) + " at window " + best.key().window() + ")";
        }).orElse("n/a (no clean point)");
    }

    /**
     * The sweep as a grid: one row per bus and payload, one column per window, calls per second and µs per call in
     * each cell, and where throughput saturates.
     */
    public static Table sweep(List<SweepSeries> sweep, double targetPct) {
        List<Integer> windows = sweep.stream().flatMap(s -> s.windows().stream()).distinct().sorted().toList();
        List<String> header = new ArrayList<>(List.of("bus", "mode", "payload"));
        List<Boolean> numeric = new ArrayList<>(List.of(false, false, true));
        windows.forEach(w -> {
            header.add("window " + w);
            numeric.add(true);
        });
        header.add("saturates at");
        numeric.add(false);
        List<List<String>> rows = sweep.stream().map(series -> {
            List<String> row = new ArrayList<>(List.of(series.transport(), series.mode(), series.payloadBytes() + " B"));
            for (int window : windows) {
                row.add(series.points().stream().filter(p -> p.key().window() == window).findFirst()
                        .map(p -> sweepPoint(p, targetPct)).orElse(Numbers.ABSENT));
            }
            row.add(saturation(series));
            return (List<String>) row;
        }).toList();
        return new Table(header, numeric, rows);
    }

    /** Each sweep window against the next smaller one: the calls/s gain with its CI, the verdict, paired or not. */
    public static Table sweepSteps(List<SweepStep> steps) {
        List<String> header = List.of("bus", "mode", "payload", "window", "vs window", "calls/s × previous (95% CI)",
                "verdict", "compared");
        List<Boolean> numeric = List.of(false, false, true, true, true, true, false, false);
        List<List<String>> rows = steps.stream().map(step -> {
            SampleComparison r = step.result();
            String verdict = switch (r.direction()) {
                case LOWER -> "more calls/s";
                case HIGHER -> "fewer calls/s";
                case NOT_SIGNIFICANT -> r.tooFewRunsToTell() ? "too few runs" : "no sig. diff.";
            };
            return List.of(step.series().transport(), step.series().mode(), step.series().payloadBytes() + " B",
                    String.valueOf(step.point().key().window()), String.valueOf(step.previous().key().window()),
                    Numbers.factor(step.gain()) + "× (" + Ranges.ratio(step.gainCi95()) + ")", verdict + ", " + Numbers.pValue(r.test().pValue()),
                    r.paired() ? "paired, " + r.pairedBlocks() + " blocks" : "unpaired");
        }).toList();
        return new Table(header, numeric, rows);
    }

    /** "24512/s, 40.8 µs", or what went wrong. */
    private static String sweepPoint(CellSummary point, double targetPct) {
        if (point.runs() == 0) {
            return "no measured runs";
        }
        String text = Numbers.perSecond(point.callsPerSecond()) + "/s, " + Numbers.microseconds(point.usPerCallMedian()) + " µs";
        if (point.failed()) {
            Counts c = point.counts().plus(point.warmupCounts());
            return text + " ⚠ lost " + c.lost() + ", mismatched " + c.mismatched() + ", errors " + c.errors();
        }
        return text + PrecisionMark.mark(point, targetPct);
    }
}
