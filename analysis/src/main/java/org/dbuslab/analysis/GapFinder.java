package org.dbuslab.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Compares what was planned with what was measured. Transports listed in skipped.tsv are explained and
 * not reported again; everything else that is absent or short becomes a {@link DataGap}.
 */
final class GapFinder {

    private GapFinder() {
    }

    static List<DataGap> find(Optional<List<PlannedCell>> plan, List<CellSummary> cells, List<SkippedTransport> skipped) {
        Set<String> explained = skipped.stream().map(SkippedTransport::transport).collect(Collectors.toSet());
        Map<CellKey, CellSummary> measured = cells.stream().collect(Collectors.toMap(CellSummary::key, Function.identity()));
        Set<String> transportsWithRuns = cells.stream().filter(c -> c.runs() > 0)
                .map(c -> c.key().transport()).collect(Collectors.toSet());
        List<DataGap> gaps = new ArrayList<>();

        // Cells with warm-ups only: the session stopped (or failed) before measuring them.
        cells.stream().filter(c -> c.runs() == 0 && !explained.contains(c.key().transport()))
                .forEach(c -> gaps.add(new DataGap(c.key().transport(), c.key(), "no measured runs, only " + c.warmupRuns() + " warm-up run(s)")));

        List<PlannedCell> planned = plan.orElse(List.of()).stream()
                .filter(p -> !explained.contains(p.key().transport())).toList();
        planned.stream().map(p -> p.key().transport()).distinct()
                .filter(transport -> !transportsWithRuns.contains(transport))
                .forEach(transport -> gaps.add(new DataGap(transport, null, DataGap.NO_DATA)));
        for (PlannedCell p : planned) {
            if (!transportsWithRuns.contains(p.key().transport())) {
                continue; // already reported once for the whole transport
            }
            CellSummary cell = measured.get(p.key());
            if (cell == null) {
                gaps.add(new DataGap(p.key().transport(), p.key(), DataGap.NO_DATA));
            } else if (cell.runs() > 0 && cell.runs() < p.runs()) {
                gaps.add(new DataGap(p.key().transport(), p.key(),
                        "incomplete: " + cell.runs() + " of " + p.runs() + " planned runs measured"));
            }
        }
        gaps.sort(Comparator.comparing(DataGap::transport, CellOrder.TRANSPORT)
                .thenComparing(DataGap::cell, Comparator.nullsFirst(CellOrder.CELLS)));
        return gaps;
    }
}
