package org.dbuslab.analysis.compare;

import org.dbuslab.analysis.model.BaselineComparisons;
import org.dbuslab.analysis.model.CellComparison;
import org.dbuslab.analysis.model.CellOrder;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Direction;
import org.dbuslab.stats.Equivalence;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The headline verdicts (each subject cell against dbus-daemon) of two sessions, placement by placement: how many
 * matched, and which flipped between faster and slower (issue 21's reproducibility check: two back-to-back sessions of
 * the same code should flip none). A verdict that became or stopped being "no significant difference" is no flip. Pure.
 *
 * @param verdicts the headline comparisons of this placement found in both sessions
 */
public record HeadlineFlips(String placement, int verdicts, List<Flip> flips) {

    /** One headline verdict that went from faster to slower or back; the key is the new session's cell. */
    public record Flip(CellKey key, Direction before, Direction after) {
    }

    public static List<HeadlineFlips> of(List<CellSummary> base, List<CellSummary> current, Bootstrap bootstrap, double alpha) {
        Map<CellKey, CellComparison> before = verdicts(base, bootstrap, alpha);
        Map<CellKey, CellComparison> after = verdicts(current, bootstrap, alpha);
        Map<String, List<CellKey>> byPlacement = after.keySet().stream().filter(before::containsKey)
                .collect(Collectors.groupingBy(CellKey::placement));
        List<HeadlineFlips> all = new ArrayList<>();
        byPlacement.keySet().stream().sorted(CellOrder.PLACEMENT).forEach(placement -> {
            List<CellKey> keys = byPlacement.get(placement).stream().sorted(CellOrder.CELLS).toList();
            List<Flip> flips = keys.stream().filter(k -> flipped(direction(before.get(k)), direction(after.get(k))))
                    .map(k -> new Flip(after.get(k).cell().key(), direction(before.get(k)), direction(after.get(k)))).toList();
            all.add(new HeadlineFlips(placement, keys.size(), flips));
        });
        return all;
    }

    private static boolean flipped(Direction before, Direction after) {
        return before != Direction.NOT_SIGNIFICANT && after != Direction.NOT_SIGNIFICANT && before != after;
    }

    private static Direction direction(CellComparison c) {
        return c.result().direction();
    }

    /** Each subject cell's comparison with dbus-daemon, keyed without calls per run (calibrated per session). */
    private static Map<CellKey, CellComparison> verdicts(List<CellSummary> cells, Bootstrap bootstrap, double alpha) {
        List<CellSummary> subject = cells.stream().filter(c -> c.key().subject()).toList();
        return BaselineComparisons.compute(subject, List.of(CellOrder.BASELINE_TRANSPORT), bootstrap, alpha,
                        Equivalence.DEFAULT_MARGIN_PCT).stream()
                .collect(Collectors.toMap(c -> c.cell().key().withoutCalls(), c -> c, (a, b) -> a));
    }
}
