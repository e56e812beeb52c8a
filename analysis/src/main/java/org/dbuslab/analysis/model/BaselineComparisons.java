package org.dbuslab.analysis.model;

import org.dbuslab.stats.Bootstrap;

import java.util.ArrayList;
import java.util.List;

/** Compares every cell with its baseline cell(s). Pure computation. */
public final class BaselineComparisons {

    private BaselineComparisons() {
    }

    /**
     * For each baseline transport in turn, every other transport's cells that have a matching baseline cell, each also
     * tested for equivalence within ±marginPct.
     */
    public static List<CellComparison> compute(List<CellSummary> cells, List<String> baselines, Bootstrap bootstrap, double alpha,
                                               double marginPct) {
        List<CellComparison> comparisons = new ArrayList<>();
        for (String baseline : baselines) {
            for (CellSummary cell : cells) {
                if (cell.key().transport().equals(baseline) || cell.runs() == 0) {
                    continue;
                }
                BaselineMatcher.find(cell, cells, baseline).ifPresent(base -> comparisons.add(new CellComparison(cell, base,
                        RunBlocks.compare(cell, base, bootstrap, alpha), RunBlocks.equivalence(cell, base, bootstrap, alpha, marginPct))));
            }
        }
        return comparisons;
    }

    /**
     * Each pipelined (async) subject cell against the sync cell of the same transport, payload and placement, on µs per call: a
     * ratio below 1 means pipelining makes a call cheaper.
     */
    public static List<CellComparison> pipelining(List<CellSummary> cells, Bootstrap bootstrap, double alpha) {
        List<CellComparison> comparisons = new ArrayList<>();
        for (CellSummary cell : cells) {
            if (cell.key().mode().equals("sync") || cell.runs() == 0) {
                continue;
            }
            cells.stream().filter(c -> c.runs() > 0 && c.key().mode().equals("sync")
                            && c.key().transport().equals(cell.key().transport()) && c.key().payloadBytes() == cell.key().payloadBytes()
                            && c.key().placement().equals(cell.key().placement()))
                    .findFirst().ifPresent(sync -> comparisons.add(new CellComparison(cell, sync,
                            RunBlocks.compare(cell, sync, bootstrap, alpha))));
        }
        return comparisons;
    }
}
