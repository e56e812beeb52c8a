package org.dbuslab.analysis.charts;

import java.util.List;

import org.dbuslab.analysis.model.CellSummary;

/**
 * A cell's name in a chart of CELLS: its transport, and its placement too when the chart holds more than one
 * (a two-placement session's cells would otherwise share a series name, which a chart refuses).
 */
final class CellLabel {

    private CellLabel() {
    }

    static String of(CellSummary cell, List<CellSummary> cells) {
        return cell.key().transport() + (manyPlacements(cells) ? " " + cell.key().placement() : "");
    }

    static boolean manyPlacements(List<CellSummary> cells) {
        return cells.stream().map(c -> c.key().placement()).distinct().count() > 1;
    }
}
