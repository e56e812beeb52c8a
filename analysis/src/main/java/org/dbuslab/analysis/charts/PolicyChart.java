package org.dbuslab.analysis.charts;

import org.dbuslab.analysis.doc.Figure;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.paths.PolicyPoint;
import org.dbuslab.analysis.model.paths.PolicySweep;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.BasicStroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

/**
 * Policy weight (issue 24): µs per call against the number of extra policy rules, one solid line per bus with the 95% CI
 * of each point as whiskers, and the bus's own CPU µs per call as a dashed line of the same colour. The rule counts sit
 * evenly spaced (0, 100, 1000, 10000: a log scale that also holds 0).
 */
public final class PolicyChart {

    public static final String DESCRIPTION = "x axis: extra policy rules (evenly spaced: 0, 100, 1000, 10000); y axis: µs per "
            + "call; solid line per bus: median µs per call with its 95% CI; dashed: the bus's CPU µs per call.";
    private static final BasicStroke DASHED = new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
            new float[] {6f, 4f}, 0f);

    private PolicyChart() {
    }

    /** @param sweeps the sweeps of one shape (mode, payload, window), one per bus */
    public static Figure of(String id, String title, List<PolicySweep> sweeps) {
        return SvgExport.figure(id, title, DESCRIPTION, chart(title, sweeps));
    }

    /** The chart of {@link #of}. */
    public static JFreeChart chart(String title, List<PolicySweep> sweeps) {
        List<Integer> rules = sweeps.stream().flatMap(s -> s.points().stream()).map(PolicyPoint::rules).distinct().sorted().toList();
        List<String> buses = sweeps.stream().map(PolicySweep::bus).distinct().toList();
        YIntervalSeriesCollection dataset = new YIntervalSeriesCollection();
        List<String> names = new ArrayList<>();
        for (PolicySweep sweep : sweeps) {
            String name = sweep.bus() + (sweeps.stream().filter(s -> s.bus().equals(sweep.bus())).count() > 1
                    ? " " + sweep.pair() + " " + sweep.placement() : "");
            YIntervalSeries wall = new YIntervalSeries(name + " µs/call");
            YIntervalSeries cpu = new YIntervalSeries(name + " bus CPU");
            for (PolicyPoint point : sweep.points()) {
                CellSummary cell = point.cell();
                if (cell.runs() == 0) {
                    continue;
                }
                double x = rules.indexOf(point.rules());
                double median = cell.usPerCallMedian();
                boolean ci = cell.usPerCallMedianCi95().isDefined();
                wall.add(x, median, ci ? cell.usPerCallMedianCi95().low() : median, ci ? cell.usPerCallMedianCi95().high() : median);
                double bus = cell.cpu().bus();
                if (Double.isFinite(bus)) {
                    cpu.add(x, bus, bus, bus);
                }
            }
            dataset.addSeries(wall);
            dataset.addSeries(cpu);
            names.add(sweep.bus());
            names.add(sweep.bus());
        }
        SymbolAxis x = new SymbolAxis("extra policy rules", rules.stream().map(String::valueOf).toArray(String[]::new));
        x.setGridBandsVisible(false);
        x.setLabelFont(ChartStyle.LABEL_FONT);
        x.setTickLabelFont(ChartStyle.TICK_FONT);
        x.setRange(-0.4, Math.max(rules.size(), 1) - 0.6);
        NumberAxis us = new NumberAxis("µs per call");
        us.setAutoRangeIncludesZero(true);
        ChartStyle.numberAxis(us);
        XYErrorRenderer renderer = ChartStyle.errorBars(6, true);
        for (int i = 0; i < names.size(); i++) {
            boolean cpu = i % 2 == 1;
            renderer.setSeriesPaint(i, ChartStyle.colour(names.get(i), buses));
            renderer.setSeriesShape(i, cpu ? new Rectangle2D.Double(-3, -3, 6, 6) : new Ellipse2D.Double(-4, -4, 8, 8));
            renderer.setSeriesStroke(i, cpu ? DASHED : ChartStyle.LINE);
            renderer.setSeriesLinesVisible(i, true);
        }
        XYPlot plot = new XYPlot(dataset, x, us, renderer);
        plot.setDomainGridlinePaint(ChartStyle.GRID);
        plot.setRangeGridlinePaint(ChartStyle.GRID);
        return ChartStyle.chart(title, plot, "solid: median µs per call, whiskers: 95% CI; dashed: bus CPU µs per call");
    }
}
