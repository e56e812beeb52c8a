package org.dbuslab.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.PlannedCell;
import org.dbuslab.analysis.read.SkippedTransport;

/**
 * Compares what was planned with what was measured. Transports listed in skipped.tsv are explained and
 * not reported again; everything else that is absent or short becomes a {@link DataGap}.
 *
 * <p>plan.tsv has no pair or series column: a planned cell is matched with every measured cell of the same
 * transport, mode, payload, window and calls whose pair plan.tsv lists (the Java and raw cells, not the
 * libdbus pairs), and their measured runs are added up; identical plan lines are added up as well. A plan that
 * names placements (since 2026-12-06) is matched placement by placement.
 */
public final class GapFinder {

    private GapFinder() {
    }

    public static List<DataGap> find(Optional<List<PlannedCell>> plan, List<CellSummary> cells, List<SkippedTransport> skipped) {
        Set<String> explained = skipped.stream().map(SkippedTransport::transport).collect(Collectors.toSet());
        // a plan that names placements is matched placement by placement; an older one across them
        boolean placed = plan.orElse(List.of()).stream().anyMatch(PlannedCell::placed);
        Map<CellKey, Integer> measuredRuns = new LinkedHashMap<>();
        cells.stream().filter(c -> c.key().planned())
                .forEach(c -> measuredRuns.merge(planKey(c.key(), placed), c.runs(), Integer::sum));
        Set<String> transportsWithRuns = cells.stream().filter(c -> c.runs() > 0)
                .map(c -> c.key().transport()).collect(Collectors.toSet());
        List<DataGap> gaps = new ArrayList<>();

        // Cells with warm-ups only: the session stopped (or failed) before measuring them.
        cells.stream().filter(c -> c.runs() == 0 && !explained.contains(c.key().transport()))
                .forEach(c -> gaps.add(new DataGap(c.key().transport(), c.key(), "no measured runs, only " + c.warmupRuns() + " warm-up run(s)")));

        Map<CellKey, Integer> plannedRuns = new LinkedHashMap<>();
        plan.orElse(List.of()).stream()
                .filter(p -> !explained.contains(p.key().transport()))
                .forEach(p -> plannedRuns.merge(planKey(p.key(), placed), p.runs(), Integer::sum));
        plannedRuns.keySet().stream().map(CellKey::transport).distinct()
                .filter(transport -> !transportsWithRuns.contains(transport))
                .forEach(transport -> gaps.add(new DataGap(transport, null, DataGap.NO_DATA)));
        plannedRuns.forEach((key, runs) -> {
            if (!transportsWithRuns.contains(key.transport())) {
                return; // already reported once for the whole transport
            }
            Integer measured = measuredRuns.get(key);
            if (measured == null) {
                gaps.add(new DataGap(key.transport(), key, DataGap.NO_DATA));
            } else if (measured > 0 && measured < runs) {
                gaps.add(new DataGap(key.transport(), key, "incomplete: " + measured + " of " + runs + " planned runs measured"));
            }
        });
        gaps.sort(Comparator.comparing(DataGap::transport, CellOrder.TRANSPORT)
                .thenComparing(DataGap::cell, Comparator.nullsFirst(CellOrder.CELLS)));
        return gaps;
    }

    private static CellKey planKey(CellKey key, boolean placed) {
        return placed ? key.planKey().withPlacement(key.placement()) : key.planKey();
    }
}
