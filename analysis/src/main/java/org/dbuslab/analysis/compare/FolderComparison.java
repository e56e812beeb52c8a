package org.dbuslab.analysis.compare;

import org.dbuslab.analysis.model.CellOrder;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Equivalence;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A new session against a base session, cell by cell on the runs' µs per call. A cell has regressed (or
 * improved) only when the difference is statistically significant — bootstrap CI of the ratio of medians
 * excludes 1 and Mann-Whitney p &lt; alpha — and the ratio of medians moved by more than the threshold:
 * significance alone would flag differences too small to matter, size alone would flag noise. Cells match on
 * their whole key, else on their key without calls per run when that names one cell in each session (the session
 * runner sets calls per run afresh in each session, for runs of about the same length). With at least
 * {@value CommonShift#MIN_CELLS} matched cells, each is judged beyond the sessions' common shift (CommonShift), which
 * has its own verdict. Cells of different placements never match, and each placement has its own common shift (one
 * CPU and crossing CPUs need not drift alike); each cell is also tested for equivalence within the margin. Pure.
 *
 * @param threshold  the smallest relative change that counts, e.g. 0.02 for 2 %
 * @param onlyInBase cells the new session did not measure
 * @param onlyInNew  cells the base session did not measure
 * @param shifts     the common shift of each placement, in {@link CellOrder#PLACEMENT} order
 * @param flips      the headline verdicts per placement, and those that flipped between faster and slower
 */
public record FolderComparison(List<CellChange> changes, List<CellKey> onlyInBase, List<CellKey> onlyInNew, double threshold,
                        Bootstrap bootstrap, double alpha, Map<String, CommonShift> shifts, List<HeadlineFlips> flips,
                        double equivalenceMarginPct) {

    /** Same-code sessions here shifted by a median 6% (docs/EXPERIMENTS.md): a shared shift must exceed this. */
    public static final double DEFAULT_SHIFT_THRESHOLD = 0.10;

    /** With the default shift threshold. */
    public static FolderComparison of(List<CellSummary> base, List<CellSummary> current, double threshold) {
        return of(base, current, threshold, DEFAULT_SHIFT_THRESHOLD, false, Equivalence.DEFAULT_MARGIN_PCT);
    }

    /**
     * @param shiftThreshold the smallest common shift that counts as a change of every cell
     * @param absolute       judge each cell's own ratio, without taking out the common shift
     * @param marginPct      the ±% within which a cell's 90% CI beyond the shift makes it "equivalent"
     */
    public static FolderComparison of(List<CellSummary> base, List<CellSummary> current, double threshold,
                               double shiftThreshold, boolean absolute, double marginPct) {
        Bootstrap bootstrap = Bootstrap.standard();
        double alpha = SampleComparison.DEFAULT_ALPHA;
        Map<CellKey, CellSummary> baseByKey = base.stream().filter(c -> c.runs() > 0)
                .collect(Collectors.toMap(CellSummary::key, Function.identity()));
        Map<CellKey, CellSummary> baseByShape = uniqueByShape(base);
        Map<CellKey, CellSummary> currentByShape = uniqueByShape(current);
        List<CellChange> changes = new ArrayList<>();
        List<Match> matches = new ArrayList<>();
        List<CellKey> onlyInNew = new ArrayList<>();
        for (CellSummary cell : current) {
            if (cell.runs() == 0) {
                continue;
            }
            Optional<CellSummary> before = Optional.ofNullable(baseByKey.get(cell.key()));
            if (before.isEmpty() && currentByShape.get(cell.key().withoutCalls()) == cell) {
                // the session runner calibrates calls per run for each session: the same cell at other calls
                before = Optional.ofNullable(baseByShape.get(cell.key().withoutCalls()));
            }
            if (before.isEmpty()) {
                onlyInNew.add(cell.key());
                continue;
            }
            matches.add(new Match(before.get(), cell));
        }
        Map<String, List<Match>> byPlacement = matches.stream().collect(Collectors.groupingBy(m -> m.current().key().placement()));
        Map<String, CommonShift> shifts = new LinkedHashMap<>();
        byPlacement.keySet().stream().sorted(CellOrder.PLACEMENT).forEach(placement -> shifts.put(placement, absolute
                ? CommonShift.NONE : CommonShift.of(byPlacement.get(placement).stream()
                .mapToDouble(m -> m.current().usPerCallMedian() / m.base().usPerCallMedian()).toArray(), shiftThreshold, bootstrap)));
        Bootstrap tost = new Bootstrap(bootstrap.resamples(), bootstrap.seed(), Equivalence.confidence(alpha));
        for (Match m : matches) {
            // the new runs with the shift every cell of the placement shares taken out: what is left is this cell's own change
            double factor = shifts.get(m.current().key().placement()).factor();
            double[] beyondShift = java.util.Arrays.stream(m.current().runUsPerCall()).map(v -> v / factor).toArray();
            SampleComparison result = SampleComparison.of(beyondShift, m.base().runUsPerCall(), bootstrap, alpha);
            // two one-sided tests at alpha: an interval where a two-sided test could reach 2 alpha (RunBlocks.equivalence)
            Equivalence equivalence = Equivalence.tost(SampleComparison.of(beyondShift, m.base().runUsPerCall(), tost,
                    2 * alpha).ratioInterval(), marginPct);
            Change change = judge(result, threshold);
            // TOST at 2 alpha can hold where the test at alpha never could (3 against 4 runs): equivalent is then the verdict
            changes.add(new CellChange(m.base(), m.current(), result,
                    change == Change.TOO_FEW_RUNS && equivalence.equivalent() ? Change.NO_CHANGE : change, equivalence));
        }
        List<CellKey> matched = changes.stream().map(c -> c.base().key()).toList();
        List<CellKey> onlyInBase = baseByKey.keySet().stream().filter(k -> !matched.contains(k)).sorted(CellOrder.CELLS).toList();
        return new FolderComparison(changes, onlyInBase, onlyInNew, threshold, bootstrap, alpha, shifts,
                HeadlineFlips.of(base, current, bootstrap, alpha), marginPct);
    }

    /** A cell of the new session and the base session's cell it is compared with. */
    private record Match(CellSummary base, CellSummary current) {
    }

    /** The cells with runs whose key without calls is no other cell's: those may match across calls per run. */
    private static Map<CellKey, CellSummary> uniqueByShape(List<CellSummary> cells) {
        Map<CellKey, List<CellSummary>> byShape = cells.stream().filter(c -> c.runs() > 0)
                .collect(Collectors.groupingBy(c -> c.key().withoutCalls()));
        Map<CellKey, CellSummary> unique = new java.util.HashMap<>();
        byShape.forEach((shape, list) -> {
            if (list.size() == 1) {
                unique.put(shape, list.get(0));
            }
        });
        return unique;
    }

    public static Change judge(SampleComparison result, double threshold) {
        if (result.tooFewRunsToTell()) {
            return Change.TOO_FEW_RUNS;
        }
        if (!result.significant()) {
            return Change.NO_CHANGE;
        }
        if (result.ratioOfMedians() > 1 + threshold) {
            return Change.REGRESSED;
        }
        if (result.ratioOfMedians() < 1 - threshold) {
            return Change.IMPROVED;
        }
        return Change.NO_CHANGE;
    }

    public List<CellChange> with(Change change) {
        return changes.stream().filter(c -> c.change() == change).toList();
    }

    /** A cell regressed beyond the common shift, or a placement's shift itself is a regression of every cell. */
    public boolean anyRegression() {
        return !with(Change.REGRESSED).isEmpty() || shifts.values().stream().anyMatch(s -> s.change() == Change.REGRESSED);
    }

    /** The one common shift when all cells share a placement (every older session); else that of the first placement. */
    public CommonShift shift() {
        return shifts.values().stream().findFirst().orElse(CommonShift.NONE);
    }

    /** Whether the sessions' cells come in several placements: the report then gives each its own line. */
    public boolean byPlacement() {
        return shifts.size() > 1;
    }

    /** The cells of one placement. */
    public List<CellChange> in(String placement) {
        return changes.stream().filter(c -> c.key().placement().equals(placement)).toList();
    }
}
