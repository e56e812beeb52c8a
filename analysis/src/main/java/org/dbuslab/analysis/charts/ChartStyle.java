package org.dbuslab.analysis.charts;

import org.dbuslab.analysis.model.CellOrder;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.Plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.List;
import java.util.Locale;

/**
 * One look for all charts: white background, light grid, and the same colour for a transport in every
 * chart so a reader learns it once. Colours are the Okabe-Ito palette, readable with colour blindness.
 */
public final class ChartStyle {

    public static final int WIDTH = 640;
    public static final int HEIGHT = 380;
    public static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 15);
    public static final Font LABEL_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    public static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    public static final Color GRID = new Color(0xDDDDDD);
    public static final BasicStroke LINE = new BasicStroke(2f);

    private static final List<Color> PALETTE = List.of(
            new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7),
            new Color(0xE69F00), new Color(0x56B4E9), new Color(0xF0E442), new Color(0x000000));

    private ChartStyle() {
    }

    /** The colour of a transport: by its place among the known transports, unknown ones after them. */
    public static Paint colour(String transport, List<String> allTransports) {
        int known = CellOrder.TRANSPORTS.indexOf(transport);
        int index = known >= 0 ? known : CellOrder.TRANSPORTS.size() + Math.max(0, allTransports.indexOf(transport));
        return PALETTE.get(index % PALETTE.size());
    }

    /** The i-th colour of the palette, for charts whose series are not transports (e.g. client, bus, server). */
    public static Paint paletteColour(int index) {
        return PALETTE.get(index % PALETTE.size());
    }

    /**
     * Tick labels without the default locale: a German machine would otherwise write 1.300 for 1300 and
     * 0,5 for 0.5, and the same analysis would give different SVG on different machines.
     */
    public static NumberFormat tickFormat() {
        DecimalFormat format = new DecimalFormat("0.###", DecimalFormatSymbols.getInstance(Locale.ROOT));
        format.setGroupingUsed(false);
        return format;
    }

    /** Vertical 95% CI whiskers in the lab's stroke, a shape per point, joined by lines or not. */
    public static org.jfree.chart.renderer.xy.XYErrorRenderer errorBars(double capLength, boolean lines) {
        org.jfree.chart.renderer.xy.XYErrorRenderer renderer = new org.jfree.chart.renderer.xy.XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setCapLength(capLength);
        renderer.setErrorStroke(LINE);
        renderer.setDefaultLinesVisible(lines);
        renderer.setDefaultShapesVisible(true);
        return renderer;
    }

    public static void numberAxis(NumberAxis axis) {
        axis.setNumberFormatOverride(tickFormat());
        axis.setLabelFont(LABEL_FONT);
        axis.setTickLabelFont(TICK_FONT);
    }

    /** A chart with its title, a legend and a one-line subtitle that says how to read it, in this style. */
    public static JFreeChart chart(String title, Plot plot, String howToRead) {
        JFreeChart chart = new JFreeChart(title, TITLE_FONT, plot, true);
        chart.addSubtitle(new org.jfree.chart.title.TextTitle(howToRead, TICK_FONT));
        apply(chart);
        return chart;
    }

    public static void apply(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        // Room on the right, so the last tick label (e.g. "99.999%") is not cut off.
        chart.setPadding(new org.jfree.chart.ui.RectangleInsets(4, 4, 4, 22));
        chart.getTitle().setFont(TITLE_FONT);
        if (chart.getLegend() != null) {
            chart.getLegend().setItemFont(LABEL_FONT);
            chart.getLegend().setFrame(org.jfree.chart.block.BlockBorder.NONE);
        }
        Plot plot = chart.getPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlinePaint(GRID);
    }
}
