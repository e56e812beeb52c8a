package org.dbuslab.analysis;

/** A chart of report.html: its title (also the SVG's accessible title) and the SVG markup. */
record Figure(String title, String svg) {
}
