package org.dbuslab.analysis.model.calls;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.RunRecord;

/**
 * The session runner's first warm-up block runs every cell with the preset's calls per run, then sets each cell's
 * calls so a run takes about the target time: those warm-up rows name a different calls value than the cell's
 * measured rows. Counted as cells of their own they would be phantom cells with 0 runs beside every real one, so a
 * warm-up-only key is folded into the one measured cell that differs from it in calls alone (its warm-ups and their
 * lost/mismatched/errored calls then count there). Older folders never have such rows, so nothing changes for them.
 */
public final class WarmupCalls {

    private WarmupCalls() {
    }

    public static List<RunRecord> fold(List<RunRecord> runs) {
        Set<CellKey> measured = runs.stream().filter(RunRecord::measured).map(RunRecord::key).collect(Collectors.toSet());
        Map<CellKey, List<CellKey>> byShape = measured.stream().collect(Collectors.groupingBy(WarmupCalls::withoutCalls));
        return runs.stream().map(run -> {
            if (run.measured() || measured.contains(run.key())) {
                return run;
            }
            List<CellKey> candidates = byShape.getOrDefault(withoutCalls(run.key()), List.of());
            return candidates.size() == 1 ? run.withKey(candidates.get(0)) : run;
        }).toList();
    }

    private static CellKey withoutCalls(CellKey key) {
        return key.withoutCalls();
    }
}
