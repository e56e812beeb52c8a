package org.dbuslab.analysis.charts;

import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.stats.Quantiles;
import org.dbuslab.stats.TukeyFences;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.BoxAndWhiskerRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.statistics.BoxAndWhiskerItem;
import org.jfree.data.statistics.DefaultBoxAndWhiskerCategoryDataset;

import java.awt.Paint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Box plots of the run times of the cells of one shape, one box per transport. The box and whiskers are
 * computed here, with the report's own quartiles and Tukey fences, not by JFreeChart's calculator: the
 * outliers drawn are exactly the ones the report counts.
 */
public final class RunTimeChart {

    private static final double MS_PER_S = 1e3;

    private RunTimeChart() {
    }

    public static JFreeChart of(String title, List<CellSummary> cells, List<String> allTransports) {
        DefaultBoxAndWhiskerCategoryDataset dataset = new DefaultBoxAndWhiskerCategoryDataset();
        for (CellSummary cell : cells) {
            dataset.add(box(cell.runSeconds()), "run time", CellLabel.of(cell, cells));
        }
        // One series, so each box sits centred over its transport; the colour still follows the transport.
        List<Paint> colours = cells.stream().map(c -> ChartStyle.colour(c.key().transport(), allTransports)).toList();
        BoxAndWhiskerRenderer renderer = new BoxAndWhiskerRenderer() {
            private static final long serialVersionUID = 1L;

            @Override
            public Paint getItemPaint(int row, int column) {
                return colours.get(column);
            }
        };
        renderer.setMeanVisible(false);
        renderer.setFillBox(true);
        renderer.setMaximumBarWidth(0.12);
        renderer.setItemMargin(0);
        renderer.setUseOutlinePaintForWhiskers(false);
        CategoryAxis transports = new CategoryAxis("transport");
        transports.setLabelFont(ChartStyle.LABEL_FONT);
        transports.setTickLabelFont(ChartStyle.TICK_FONT);
        NumberAxis time = new NumberAxis("run time (ms)");
        time.setAutoRangeIncludesZero(false);
        ChartStyle.numberAxis(time);
        CategoryPlot plot = new CategoryPlot(dataset, transports, time, renderer);
        plot.setRangeGridlinePaint(ChartStyle.GRID);
        JFreeChart chart = new JFreeChart(title, ChartStyle.TITLE_FONT, plot, false);
        chart.addSubtitle(new TextTitle("box: quartiles, line: median, whiskers: within 1.5 × IQR, circles: outliers",
                ChartStyle.TICK_FONT));
        ChartStyle.apply(chart);
        return chart;
    }

    private static BoxAndWhiskerItem box(double[] seconds) {
        double[] ms = Arrays.stream(seconds).map(s -> s * MS_PER_S).sorted().toArray();
        TukeyFences fences = TukeyFences.of(ms);
        double minRegular = Arrays.stream(ms).filter(v -> v >= fences.lowerInner()).min().orElse(Double.NaN);
        double maxRegular = Arrays.stream(ms).filter(v -> v <= fences.upperInner()).max().orElse(Double.NaN);
        List<Double> outliers = new ArrayList<>();
        Arrays.stream(ms).filter(v -> v < fences.lowerInner() || v > fences.upperInner()).forEach(outliers::add);
        // Outlier bounds at the data's extremes: every outlier is drawn where it is, none as a "far out" arrow.
        return new BoxAndWhiskerItem(Arrays.stream(ms).average().orElse(Double.NaN), Quantiles.ofSorted(ms, 0.5),
                fences.q1(), fences.q3(), minRegular, maxRegular, ms[0], ms[ms.length - 1], outliers);
    }
}
