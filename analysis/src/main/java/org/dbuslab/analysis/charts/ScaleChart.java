package org.dbuslab.analysis.charts;

import org.dbuslab.analysis.doc.Figure;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;

import java.util.List;
import java.util.Map;

/**
 * A scale series as a line chart: one line per transport (or target and delay), the series' parameter along the
 * x axis as categories (N, S, M or window: evenly spaced, so 0 and 4096 fit on one axis), a rate up.
 */
public final class ScaleChart {

    private ScaleChart() {
    }

    /** LINES: line name → (x category → y value), in the order given; a NaN value is left out. */
    public static Figure of(String id, String title, String description, String xLabel, String yLabel,
                     Map<String, Map<String, Double>> lines) {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        lines.forEach((line, points) -> points.forEach((x, y) -> {
            if (Double.isFinite(y)) {
                dataset.addValue(y, line, x);
            }
        }));
        CategoryAxis x = new CategoryAxis(xLabel);
        x.setLabelFont(ChartStyle.LABEL_FONT);
        x.setTickLabelFont(ChartStyle.TICK_FONT);
        NumberAxis y = new NumberAxis(yLabel);
        y.setAutoRangeIncludesZero(true);
        ChartStyle.numberAxis(y);
        LineAndShapeRenderer renderer = new LineAndShapeRenderer(true, true);
        List<String> names = List.copyOf(lines.keySet());
        for (int i = 0; i < names.size(); i++) {
            renderer.setSeriesPaint(i, ChartStyle.colour(names.get(i), names));
            renderer.setSeriesStroke(i, ChartStyle.LINE);
        }
        CategoryPlot plot = new CategoryPlot(dataset, x, y, renderer);
        plot.setDomainGridlinePaint(ChartStyle.GRID);
        plot.setRangeGridlinePaint(ChartStyle.GRID);
        return SvgExport.figure(id, title, description, ChartStyle.chart(title, plot, description));
    }
}
