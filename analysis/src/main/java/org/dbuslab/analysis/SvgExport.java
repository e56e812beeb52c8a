package org.dbuslab.analysis;

import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;

import java.awt.Rectangle;

/**
 * Draws a JFreeChart onto JFreeSVG's Graphics2D and returns the {@code <svg>} element. The ids JFreeSVG
 * invents for clip paths are made from the chart's own id instead of the clock, so the same analysis
 * gives byte-identical SVG.
 */
final class SvgExport {

    private SvgExport() {
    }

    static Figure figure(String id, String title, JFreeChart chart) {
        SVGGraphics2D g2 = new SVGGraphics2D(ChartStyle.WIDTH, ChartStyle.HEIGHT);
        g2.setDefsKeyPrefix(id + "-");
        chart.draw(g2, new Rectangle(ChartStyle.WIDTH, ChartStyle.HEIGHT));
        String svg = g2.getSVGElement(id);
        // An accessible name for screen readers and for finding the chart again, as the first child.
        int endOfOpenTag = svg.indexOf('>') + 1;
        svg = svg.substring(0, endOfOpenTag) + "<title>" + Html.escape(title) + "</title>" + svg.substring(endOfOpenTag);
        return new Figure(title, svg);
    }
}
