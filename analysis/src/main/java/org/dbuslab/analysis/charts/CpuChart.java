package org.dbuslab.analysis.charts;

import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.CpuPerCall;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

import java.awt.Color;
import java.util.List;
import java.util.function.Function;

/**
 * "Where the time goes" as stacked horizontal bars, one chart per mode, payload and window: one bar per transport and pair,
 * stacked client, bus and server CPU µs per call, topped by the part of the wall time no process computed (waiting,
 * wake-ups). A bar is as tall as the wall time per call unless the CPU sum exceeds it (pipelined calls, two CPUs).
 */
public final class CpuChart {

    public static final List<String> PARTS = List.of("client CPU", "bus CPU", "server CPU", "not CPU (waiting, wake-ups)");

    private CpuChart() {
    }

    public static JFreeChart of(String title, List<CellSummary> cells) {
        return of(title, cells, cell -> CellLabel.of(cell, cells) + " " + cell.key().pair(), "transport and pair (client>server)");
    }

    /** As {@link #of(String, List)}, with each bar named by {@code barName} (names must differ) on an axis called {@code axis}. */
    public static JFreeChart of(String title, List<CellSummary> cells, Function<CellSummary, String> barName, String axis) {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        for (CellSummary cell : cells) {
            CpuPerCall cpu = cell.cpu();
            String bar = barName.apply(cell);
            double[] parts = {zeroIfUnknown(cpu.client()), zeroIfUnknown(cpu.bus()), zeroIfUnknown(cpu.server()),
                    Math.max(0, cpu.unaccounted(cell.usPerCallMedian()))};
            for (int i = 0; i < PARTS.size(); i++) {
                dataset.addValue(Double.isFinite(parts[i]) ? parts[i] : 0, PARTS.get(i), bar);
            }
        }
        CategoryAxis bars = new CategoryAxis(axis);
        bars.setMaximumCategoryLabelWidthRatio(0.4f); // horizontal bars: the long names get the room on the left
        bars.setLabelFont(ChartStyle.LABEL_FONT);
        bars.setTickLabelFont(ChartStyle.TICK_FONT);
        NumberAxis us = new NumberAxis("µs per call");
        ChartStyle.numberAxis(us);
        StackedBarRenderer renderer = new StackedBarRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        for (int i = 0; i < PARTS.size() - 1; i++) {
            renderer.setSeriesPaint(i, ChartStyle.paletteColour(i));
        }
        renderer.setSeriesPaint(PARTS.size() - 1, new Color(0xBBBBBB));
        CategoryPlot plot = new CategoryPlot(dataset, bars, us, renderer);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_LEFT);
        plot.setRangeGridlinePaint(ChartStyle.GRID);
        return ChartStyle.chart(title, plot, "medians over the measured runs; grey: wall time not spent on any CPU");
    }

    /** A component not measured draws as nothing; the table says n/a. */
    private static double zeroIfUnknown(double value) {
        return Double.isFinite(value) ? value : 0;
    }
}
