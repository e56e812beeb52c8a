package org.dbuslab.analysis.charts;

import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.LatencySummary;
import org.dbuslab.analysis.model.PercentilePoint;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.util.List;

/** Latency percentile curves of the cells of one shape, one curve per transport (HdrHistogram style). */
public final class LatencyChart {

    private LatencyChart() {
    }

    public static JFreeChart of(String title, List<CellSummary> cells, List<String> allTransports) {
        XYSeriesCollection dataset = new XYSeriesCollection();
        double rightEnd = 10;
        for (CellSummary cell : cells) {
            XYSeries series = new XYSeries(CellLabel.of(cell, cells), false, true);
            LatencySummary latency = cell.latency();
            // The 100th percentile would sit at infinity; place it where the last single call is.
            double last = PercentileAxisFormat.position(100 * (1 - 1.0 / Math.max(2, latency.count())));
            for (PercentilePoint point : latency.curve()) {
                series.add(Math.min(PercentileAxisFormat.position(Math.min(point.percentile(), 100 - 1e-9)), last), point.valueUs());
            }
            dataset.addSeries(series);
            rightEnd = Math.max(rightEnd, last);
        }
        LogAxis percentiles = new LogAxis("percentile of calls");
        percentiles.setSmallestValue(1);
        // One tick per decade of 1 / (1 − p): 0%, 90%, 99%, 99.9%, ...
        percentiles.setTickUnit(new NumberTickUnit(1), false, true);
        percentiles.setNumberFormatOverride(new PercentileAxisFormat());
        percentiles.setMinorTickMarksVisible(false);
        percentiles.setAutoRange(false);
        percentiles.setRange(1, Math.pow(10, Math.ceil(Math.log10(rightEnd))));
        percentiles.setLabelFont(ChartStyle.LABEL_FONT);
        percentiles.setTickLabelFont(ChartStyle.TICK_FONT);
        NumberAxis latency = new NumberAxis("round-trip latency (µs)");
        ChartStyle.numberAxis(latency);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < cells.size(); i++) {
            renderer.setSeriesPaint(i, ChartStyle.colour(cells.get(i).key().transport(), allTransports));
            renderer.setSeriesStroke(i, ChartStyle.LINE);
        }
        XYPlot plot = new XYPlot(dataset, percentiles, latency, renderer);
        plot.setDomainGridlinePaint(ChartStyle.GRID);
        plot.setRangeGridlinePaint(ChartStyle.GRID);
        return ChartStyle.chart(title, plot, "merged histograms of the measured runs");
    }
}
