package org.dbuslab.analysis.charts;

import org.dbuslab.analysis.doc.Figure;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellOrder;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.SweepSeries;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The charts of report.html, in reading order: µs per call with intervals (one per mode), run-time box
 * plots (one per cell shape) and latency percentile curves (one per cell shape with recorded latency).
 */
public final class Charts {

    // What each kind of chart shows, for screen readers (SVG desc) and the caption: its axes and marks.
    private static final String PER_CALL = "x axis: payload; y axis: µs per call (median of runs); one point per transport, "
            + "its bar the bootstrap 95% confidence interval.";
    private static final String RUN_TIMES = "x axis: transport; y axis: run time (ms); a box plot of the measured runs per transport.";
    private static final String LATENCY = "x axis: percentile of calls (log scale); y axis: round-trip latency (µs); one line per transport.";
    private static final String SWEEP = "x axis: window, calls in flight (log2 scale); y axis: calls per second (median of runs); "
            + "one line per bus.";
    private static final String CPU = "one horizontal bar per transport and pair (client>server); x axis: µs per call; stacked "
            + "segments: client CPU, bus CPU, server CPU, and in grey the wall time no process computed.";

    private Charts() {
    }

    /** One chart per mode; with the matrix under several placements, per mode and placement (cells never pooled). */
    public static List<Figure> perCall(Analysis analysis) {
        List<String> transports = analysis.transports();
        boolean byPlacement = analysis.placementIsAFactor();
        Map<String, List<CellSummary>> byMode = analysis.cells().stream().filter(c -> c.runs() > 0)
                .sorted(java.util.Comparator.comparing((CellSummary c) -> c.key().mode(), CellOrder.MODE)
                        .thenComparing(c -> c.key().placement(), CellOrder.PLACEMENT))
                .collect(Collectors.groupingBy(c -> c.key().mode() + (byPlacement ? ", " + c.key().placement() : ""),
                        LinkedHashMap::new, Collectors.toList()));
        List<Figure> figures = new ArrayList<>();
        byMode.forEach((mode, cells) -> {
            String title = "µs per call, " + mode;
            figures.add(SvgExport.figure("percall-" + id(mode), title, PER_CALL, PerCallChart.of(title, cells, transports)));
        });
        return figures;
    }

    public static List<Figure> runTimes(Analysis analysis) {
        List<String> transports = analysis.transports();
        List<Figure> figures = new ArrayList<>();
        byShape(analysis.cells().stream().filter(c -> c.runs() > 0).toList()).forEach((shape, cells) -> {
            String title = "Run times, " + shape;
            figures.add(SvgExport.figure("runtimes-" + id(shape), title, RUN_TIMES, RunTimeChart.of(title, cells, transports)));
        });
        return figures;
    }

    public static List<Figure> latency(Analysis analysis) {
        List<String> transports = analysis.transports();
        List<Figure> figures = new ArrayList<>();
        byShape(analysis.cells().stream().filter(c -> c.latency() != null && c.latency().count() > 0).toList())
                .forEach((shape, cells) -> {
                    String title = "Latency percentiles, " + shape;
                    figures.add(SvgExport.figure("latency-" + id(shape), title, LATENCY, LatencyChart.of(title, cells, transports)));
                });
        return figures;
    }

    /** Calls per second against window, one chart per mode and payload, one line per bus. */
    public static List<Figure> sweep(Analysis analysis) {
        Map<String, List<SweepSeries>> byPayload = new LinkedHashMap<>();
        analysis.sweep().stream()
                .sorted(Comparator.comparing(SweepSeries::mode, CellOrder.MODE).thenComparingInt(SweepSeries::payloadBytes))
                .forEach(s -> byPayload.computeIfAbsent(s.mode() + " " + s.payloadBytes() + " B", k -> new ArrayList<>()).add(s));
        List<Figure> figures = new ArrayList<>();
        byPayload.forEach((shape, series) -> {
            String title = "Sweep: calls/s by window, " + shape;
            figures.add(SvgExport.figure("sweep-" + id(shape), title, SWEEP, SweepChart.of(title, series)));
        });
        return figures;
    }

    /** Where the time goes: one stacked-bar chart per mode, payload and window of the cells with CPU times. */
    public static List<Figure> cpu(Analysis analysis) {
        return cpu(analysis, "");
    }

    /** The first chart of "Where the time goes" again, for the report's opening, with ids of its own. */
    public static List<Figure> leadCpu(Analysis analysis) {
        return cpu(analysis, "lead-").stream().limit(1).toList();
    }

    private static List<Figure> cpu(Analysis analysis, String prefix) {
        Map<String, List<CellSummary>> byShape = new LinkedHashMap<>();
        analysis.timeCells().stream().filter(c -> c.cpu().measured())
                .sorted(Comparator.comparing(CellSummary::key, CellOrder.CELLS))
                .forEach(c -> byShape.computeIfAbsent(c.key().mode() + " " + c.key().payloadBytes() + " B window " + c.key().window(),
                        k -> new ArrayList<>()).add(c));
        List<Figure> figures = new ArrayList<>();
        byShape.forEach((shape, cells) -> {
            List<CellSummary> ordered = analysis.timeCells().stream().filter(cells::contains).toList();
            String title = "Where the time goes, " + shape;
            figures.add(SvgExport.figure(prefix + "cpu-" + id(shape), title, CPU, CpuChart.of(title, ordered)));
        });
        return figures;
    }

    private static Map<String, List<CellSummary>> byShape(List<CellSummary> cells) {
        return cells.stream().collect(Collectors.groupingBy(c -> c.key().shape(), LinkedHashMap::new, Collectors.toList()));
    }

    /** An SVG id from a title: lower case, letters and digits, dashes between. */
    private static String id(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }
}
