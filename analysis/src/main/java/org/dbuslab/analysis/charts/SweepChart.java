package org.dbuslab.analysis.charts;

import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.SweepSeries;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.geom.Ellipse2D;
import java.util.List;

/**
 * The pipelining-depth sweep of one payload: window along a log2 axis ({@link PowerOfTwoAxisFormat}), calls per second up, one line per bus
 * with the bootstrap 95% interval of each point as an error bar. Points with failed calls are left out: their rate
 * is not a throughput (the table shows them).
 */
public final class SweepChart {

    private SweepChart() {
    }

    public static JFreeChart of(String title, List<SweepSeries> buses) {
        YIntervalSeriesCollection dataset = new YIntervalSeriesCollection();
        double minWindow = Double.MAX_VALUE;
        double maxWindow = 1;
        for (SweepSeries bus : buses) {
            YIntervalSeries series = new YIntervalSeries(bus.transport());
            for (CellSummary point : bus.points()) {
                if (!SweepSeries.usable(point)) {
                    continue;
                }
                double rate = point.callsPerSecond();
                boolean ci = point.callsPerSecondCi95().isDefined();
                series.add(PowerOfTwoAxisFormat.position(point.key().window()), rate, ci ? point.callsPerSecondCi95().low() : rate,
                        ci ? point.callsPerSecondCi95().high() : rate);
                minWindow = Math.min(minWindow, point.key().window());
                maxWindow = Math.max(maxWindow, point.key().window());
            }
            dataset.addSeries(series);
        }
        if (minWindow > maxWindow) {
            minWindow = 1;
        }
        // log2 of the window on a plain number axis, labelled with the window: one tick per power of two.
        NumberAxis windows = new NumberAxis("window (calls in flight, log2 scale)");
        windows.setTickUnit(new NumberTickUnit(1, new PowerOfTwoAxisFormat()), false, true);
        windows.setNumberFormatOverride(new PowerOfTwoAxisFormat());
        windows.setAutoRange(false);
        windows.setRange(PowerOfTwoAxisFormat.position(minWindow) - 0.4, PowerOfTwoAxisFormat.position(maxWindow) + 0.4);
        windows.setLabelFont(ChartStyle.LABEL_FONT);
        windows.setTickLabelFont(ChartStyle.TICK_FONT);
        NumberAxis rate = new NumberAxis("calls per second (median of runs)");
        rate.setAutoRangeIncludesZero(true);
        ChartStyle.numberAxis(rate);
        XYErrorRenderer renderer = ChartStyle.errorBars(6, true);
        List<String> transports = buses.stream().map(SweepSeries::transport).toList();
        for (int i = 0; i < buses.size(); i++) {
            renderer.setSeriesPaint(i, ChartStyle.colour(transports.get(i), transports));
            renderer.setSeriesShape(i, new Ellipse2D.Double(-4, -4, 8, 8));
            renderer.setSeriesStroke(i, ChartStyle.LINE);
            renderer.setSeriesLinesVisible(i, true);
        }
        XYPlot plot = new XYPlot(dataset, windows, rate, renderer);
        plot.setDomainGridlinePaint(ChartStyle.GRID);
        plot.setRangeGridlinePaint(ChartStyle.GRID);
        JFreeChart chart = new JFreeChart(title, ChartStyle.TITLE_FONT, plot, true);
        chart.addSubtitle(new TextTitle("point: calls / median run time, bar: bootstrap 95% confidence interval",
                ChartStyle.TICK_FONT));
        ChartStyle.apply(chart);
        return chart;
    }
}
