package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;

/**
 * Data that should be there and is not, so the report can say so instead of leaving a silent hole.
 *
 * @param cell    the cell concerned, or null when the whole transport has no data
 * @param problem e.g. "missing: no data" or "incomplete: 3 of 5 planned runs measured"
 */
public record DataGap(String transport, CellKey cell, String problem) {

    public static final String NO_DATA = "missing: no data";
}
