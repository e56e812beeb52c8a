package org.dbuslab.analysis.charts;

import org.dbuslab.analysis.model.CellOrder;
import org.dbuslab.analysis.model.CellSummary;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.geom.Ellipse2D;
import java.util.List;

/**
 * µs per call of one mode: payload sizes along the x axis, one coloured point per transport with its
 * bootstrap 95% interval as an error bar. Transports are set slightly apart so the bars do not overlap.
 */
public final class PerCallChart {

    private static final double SPREAD = 0.4;

    private PerCallChart() {
    }

    public static JFreeChart of(String title, List<CellSummary> cells, List<String> allTransports) {
        List<Integer> payloads = cells.stream().map(c -> c.key().payloadBytes()).distinct().sorted().toList();
        List<String> transports = cells.stream().map(c -> c.key().transport()).distinct().sorted(CellOrder.TRANSPORT).toList();
        YIntervalSeriesCollection dataset = new YIntervalSeriesCollection();
        for (String transport : transports) {
            YIntervalSeries series = new YIntervalSeries(transport);
            double offset = transports.size() == 1 ? 0
                    : SPREAD * (transports.indexOf(transport) / (transports.size() - 1.0) - 0.5);
            cells.stream().filter(c -> c.key().transport().equals(transport) && c.runs() > 0).forEach(c -> {
                double median = c.usPerCallMedian();
                boolean ci = c.usPerCallMedianCi95().isDefined();
                series.add(payloads.indexOf(c.key().payloadBytes()) + offset, median,
                        ci ? c.usPerCallMedianCi95().low() : median, ci ? c.usPerCallMedianCi95().high() : median);
            });
            dataset.addSeries(series);
        }
        SymbolAxis payloadAxis = new SymbolAxis("payload", payloads.stream().map(p -> p + " B").toArray(String[]::new));
        payloadAxis.setGridBandsVisible(false);
        payloadAxis.setLabelFont(ChartStyle.LABEL_FONT);
        payloadAxis.setTickLabelFont(ChartStyle.TICK_FONT);
        payloadAxis.setRange(-0.5, payloads.size() - 0.5);
        NumberAxis us = new NumberAxis("µs per call (median of runs)");
        us.setAutoRangeIncludesZero(true);
        ChartStyle.numberAxis(us);
        XYErrorRenderer renderer = ChartStyle.errorBars(8, false);
        for (int i = 0; i < transports.size(); i++) {
            renderer.setSeriesPaint(i, ChartStyle.colour(transports.get(i), allTransports));
            renderer.setSeriesShape(i, new Ellipse2D.Double(-4, -4, 8, 8));
            renderer.setSeriesLinesVisible(i, false);
        }
        XYPlot plot = new XYPlot(dataset, payloadAxis, us, renderer);
        plot.setRangeGridlinePaint(ChartStyle.GRID);
        plot.setDomainGridlinesVisible(false);
        JFreeChart chart = new JFreeChart(title, ChartStyle.TITLE_FONT, plot, true);
        chart.addSubtitle(new TextTitle("point: median, bar: bootstrap 95% confidence interval", ChartStyle.TICK_FONT));
        ChartStyle.apply(chart);
        return chart;
    }
}
