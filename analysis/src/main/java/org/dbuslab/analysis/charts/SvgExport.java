package org.dbuslab.analysis.charts;

import org.dbuslab.analysis.doc.Figure;
import org.dbuslab.analysis.doc.Html;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;

import java.awt.Rectangle;

/**
 * Draws a JFreeChart onto JFreeSVG's Graphics2D and returns the {@code <svg>} element. The ids JFreeSVG
 * invents for clip paths are made from the chart's own id instead of the clock, so the same analysis
 * gives byte-identical SVG.
 */
public final class SvgExport {

    private SvgExport() {
    }

    public static Figure figure(String id, String title, String description, JFreeChart chart) {
        SVGGraphics2D g2 = new SVGGraphics2D(ChartStyle.WIDTH, ChartStyle.HEIGHT);
        g2.setDefsKeyPrefix(id + "-");
        chart.draw(g2, new Rectangle(ChartStyle.WIDTH, ChartStyle.HEIGHT));
        String svg = g2.getSVGElement(id);
        // An accessible name and description for screen readers (and for finding the chart again), as the first children.
        int openTag = svg.indexOf('>');
        // A viewBox, so the chart scales down with its figure instead of being cut off at the bottom and right.
        String label = " viewBox=\"0 0 " + ChartStyle.WIDTH + " " + ChartStyle.HEIGHT + "\" role=\"img\" aria-labelledby=\""
                + id + "-title " + id + "-desc\"";
        svg = svg.substring(0, openTag) + label + ">" + "<title id=\"" + id + "-title\">" + Html.escape(title) + "</title>"
                + "<desc id=\"" + id + "-desc\">" + Html.escape(description) + "</desc>" + svg.substring(openTag + 1);
        return new Figure(title, description, svg);
    }
}
