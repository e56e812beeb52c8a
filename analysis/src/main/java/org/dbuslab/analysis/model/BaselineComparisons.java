package org.dbuslab.analysis.model;

import org.dbuslab.stats.Bootstrap;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
                baselineOf(cell, cells, baseline).ifPresent(base -> comparisons.add(new CellComparison(cell, base,
                        RunBlocks.compare(cell, base, bootstrap, alpha), RunBlocks.equivalence(cell, base, bootstrap, alpha, marginPct))));
            }
        }
        return comparisons;
    }

    /**
     * The cell a cell is compared with: the baseline transport's cell with the same mode, payload and window (comparing
     * different windows would mix up pipelining with transport cost), in the same placement. If the baseline ran that
     * combination with several calls-per-run values, the one with equal calls per run is taken; otherwise there is none.
     * Comparisons use µs per call, so equal calls per run are not required.
     */
    public static Optional<CellSummary> baselineOf(CellSummary cell, List<CellSummary> cells, String baselineTransport) {
        List<CellSummary> candidates = cells.stream()
                .filter(c -> c.key().transport().equals(baselineTransport))
                .filter(c -> c.key().mode().equals(cell.key().mode())
                        && c.key().payloadBytes() == cell.key().payloadBytes()
                        && c.key().window() == cell.key().window()
                        && c.key().placement().equals(cell.key().placement()))
                .filter(c -> c.runs() > 0)
                .toList();
        return candidates.stream().filter(c -> c.key().calls() == cell.key().calls()).findFirst()
                .or(() -> candidates.size() == 1 ? Optional.of(candidates.get(0)) : Optional.empty());
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
