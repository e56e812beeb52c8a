package org.dbuslab.analysis.charts;

import org.dbuslab.analysis.doc.Figure;
import org.dbuslab.analysis.model.paths.PathPrice;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.util.List;
import java.util.function.Function;

/**
 * The price of real-world paths (issue 24): one row per path cell, its path ÷ direct ratio of µs per call as a point
 * with the 95% CI as whiskers, a line at 1 (no price), one colour per bus. Only compared prices are drawn; the table
 * says why any other has none.
 */
public final class PathPriceChart {

    public static final String DESCRIPTION = "one row per path cell (bus, client>server, mode and size); x axis: path ÷ direct, "
            + "time per call; point: the paired ratio (median of the per-block ratios of medians), whiskers: its 95% CI (none where too "
            + "few blocks give none); the vertical line at 1 is no price.";

    private PathPriceChart() {
    }

    /** @param name each price's row label (names must differ) */
    public static Figure of(String id, String title, List<PathPrice> prices, Function<PathPrice, String> name) {
        return SvgExport.figure(id, title, DESCRIPTION, chart(title, prices, name));
    }

    /** The chart of {@link #of}: only prices with a comparison are drawn. */
    public static JFreeChart chart(String title, List<PathPrice> prices, Function<PathPrice, String> name) {
        List<PathPrice> drawn = prices.stream().filter(p -> p.result() != null && Double.isFinite(p.ratio())).toList();
        List<String> buses = drawn.stream().map(PathPrice::destination).distinct().toList();
        YIntervalSeriesCollection dataset = new YIntervalSeriesCollection();
        for (String bus : buses) {
            YIntervalSeries series = new YIntervalSeries(bus);
            for (int i = 0; i < drawn.size(); i++) {
                PathPrice p = drawn.get(i);
                if (p.destination().equals(bus)) {
                    boolean ci = p.ratioInterval().isDefined();
                    series.add(i, p.ratio(), ci ? p.ratioInterval().low() : p.ratio(), ci ? p.ratioInterval().high() : p.ratio());
                }
            }
            dataset.addSeries(series);
        }
        SymbolAxis rows = new SymbolAxis(null, drawn.stream().map(name).toArray(String[]::new));
        rows.setGridBandsVisible(false);
        rows.setInverted(true); // the table's order, top down
        rows.setTickLabelFont(ChartStyle.TICK_FONT);
        rows.setRange(-0.5, Math.max(drawn.size(), 1) - 0.5);
        NumberAxis ratio = new NumberAxis("path ÷ direct, time per call");
        ChartStyle.numberAxis(ratio);
        // from 1 (no price) to the widest whisker: the line at 1 is always in sight
        double low = 1;
        double high = 1;
        for (PathPrice p : drawn) {
            low = Math.min(low, p.ratioInterval().isDefined() ? p.ratioInterval().low() : p.ratio());
            high = Math.max(high, p.ratioInterval().isDefined() ? p.ratioInterval().high() : p.ratio());
        }
        double pad = Math.max(high - low, 0.02) * 0.08;
        ratio.setRange(low - pad, high + pad);
        XYErrorRenderer renderer = ChartStyle.errorBars(6, false);
        for (int i = 0; i < buses.size(); i++) {
            renderer.setSeriesPaint(i, ChartStyle.colour(buses.get(i), buses));
            renderer.setSeriesShape(i, new Ellipse2D.Double(-4, -4, 8, 8));
            renderer.setSeriesLinesVisible(i, false);
        }
        XYPlot plot = new XYPlot(dataset, rows, ratio, renderer);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setRangeGridlinePaint(ChartStyle.GRID);
        plot.setDomainGridlinesVisible(false);
        ValueMarker none = new ValueMarker(1.0, Color.GRAY, ChartStyle.LINE);
        plot.addRangeMarker(none);
        return ChartStyle.chart(title, plot, "point: path ÷ direct, whiskers: 95% CI, paired by block (none: too few blocks for one); line: 1 = no price");
    }
}
