package org.dbuslab.analysis.model;

import java.util.List;
import java.util.Optional;

/**
 * Finds the cell a cell is compared with: the baseline transport's cell with the same mode, payload and
 * window (comparing different windows would mix up pipelining with transport cost), in the same placement. If the baseline ran
 * that combination with several calls-per-run values, the one with equal calls per run is taken;
 * otherwise there is none. Comparisons use µs per call, so equal calls per run are not required.
 */
public final class BaselineMatcher {

    private BaselineMatcher() {
    }

    public static Optional<CellSummary> find(CellSummary cell, List<CellSummary> cells, String baselineTransport) {
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
}
