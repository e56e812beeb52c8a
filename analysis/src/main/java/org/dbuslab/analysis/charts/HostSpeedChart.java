package org.dbuslab.analysis.charts;

import org.dbuslab.analysis.doc.Figure;
import org.dbuslab.analysis.read.HostSpeedReadings;
import org.dbuslab.format.HostSpeed;
import org.dbuslab.format.HostSpeedTsv;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The host's speed through the session (host-speed.tsv): each probed CPU's readings ÷ its median along the blocks, the
 * line at 1 + {@link HostSpeed#SLOWER} above which a reading counts as slowed, and the halves set aside shaded.
 */
public final class HostSpeedChart {

    public static final String ID = "host-speed-chart";
    public static final String TITLE = "Host speed: fixed work ÷ each CPU's median";
    public static final String DESCRIPTION = "x axis: block (a block's readings spread across it, in the order they were "
            + "made); y axis: the time a fixed piece of work took on a CPU ÷ that CPU's median; one line per CPU; the "
            + "horizontal line is the threshold above which a reading counts as slowed; shaded: the halves set aside.";
    private static final Color SET_ASIDE = new Color(0xF6D7C3);

    private HostSpeedChart() {
    }

    /** Empty when no CPU had enough readings to have a median. */
    public static List<Figure> of(HostSpeedReadings readings) {
        if (readings.medians().isEmpty()) {
            return List.of();
        }
        Map<Integer, Double> x = positions(readings);
        XYSeriesCollection dataset = new XYSeriesCollection();
        double low = 1;
        double high = 1 + HostSpeed.SLOWER;
        for (int cpu : readings.cpus()) {
            XYSeries series = new XYSeries("CPU " + cpu);
            for (Map.Entry<Integer, Double> r : readings.timesByProbe(cpu).entrySet()) {
                series.add(x.get(r.getKey()), r.getValue());
                low = Math.min(low, r.getValue());
                high = Math.max(high, r.getValue());
            }
            if (!series.isEmpty()) {
                dataset.addSeries(series);
            }
        }
        NumberAxis blocks = new NumberAxis("block");
        ChartStyle.numberAxis(blocks);
        blocks.setAutoRangeIncludesZero(false);
        NumberAxis times = new NumberAxis("reading ÷ the CPU's median");
        ChartStyle.numberAxis(times);
        double pad = (high - low) * 0.06;
        times.setRange(low - pad, high + pad);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < dataset.getSeriesCount(); i++) {
            renderer.setSeriesPaint(i, ChartStyle.paletteColour(i));
            renderer.setSeriesStroke(i, ChartStyle.LINE);
            renderer.setSeriesShape(i, new Ellipse2D.Double(-2, -2, 4, 4));
        }
        XYPlot plot = new XYPlot(dataset, blocks, times, renderer);
        plot.setDomainGridlinePaint(ChartStyle.GRID);
        plot.setRangeGridlinePaint(ChartStyle.GRID);
        shadeSetAside(plot, readings, x);
        plot.addRangeMarker(new ValueMarker(1 + HostSpeed.SLOWER, Color.GRAY, ChartStyle.LINE));
        return List.of(SvgExport.figure(ID, TITLE, DESCRIPTION, ChartStyle.chart(TITLE, plot,
                "line: " + ChartStyle.tickFormat().format(1 + HostSpeed.SLOWER) + "×, slowed above it; shaded: halves "
                        + "slowed at both ends, set aside")));
    }

    /** Each probe's place along the blocks: block b's readings evenly from b to b + 1, in probe order. */
    private static Map<Integer, Double> positions(HostSpeedReadings readings) {
        Map<Integer, List<Integer>> byBlock = new TreeMap<>();
        readings.blockByProbe().forEach((probe, block) -> byBlock.computeIfAbsent(block, k -> new ArrayList<>()).add(probe));
        Map<Integer, Double> out = new TreeMap<>();
        byBlock.forEach((block, probes) -> {
            for (int i = 0; i < probes.size(); i++) {
                out.put(probes.get(i), block + (double) i / probes.size());
            }
        });
        return out;
    }

    /** A band from each set-aside half's first reading to its last. */
    private static void shadeSetAside(XYPlot plot, HostSpeedReadings readings, Map<Integer, Double> x) {
        for (HostSpeed.Slowed s : readings.slowed()) {
            List<Double> at = readings.rows().stream()
                    .filter(r -> r.round() == s.half().round() && r.placement() == s.half().placement())
                    .map(HostSpeedTsv.Row::probe).map(x::get).sorted().toList();
            IntervalMarker band = new IntervalMarker(at.get(0), at.get(at.size() - 1), SET_ASIDE);
            plot.addDomainMarker(band, org.jfree.chart.ui.Layer.BACKGROUND);
        }
    }
}
