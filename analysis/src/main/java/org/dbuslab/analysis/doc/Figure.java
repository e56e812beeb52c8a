package org.dbuslab.analysis.doc;

/**
 * A chart of report.html: its title and a one-sentence description (also the SVG's accessible title and desc, and
 * the figure's caption), and the SVG markup.
 */
public record Figure(String title, String description, String svg) {
}
