package org.dbuslab.analysis.compare;

import org.dbuslab.analysis.doc.MarkdownRenderer;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.EnvironmentView;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.analysis.read.Environment;
import org.dbuslab.analysis.read.ResultsFolder;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.SampleComparison;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The regression report of {@code compare}: Markdown, written beside the new session and printed. */
public final class CompareReport {

    private CompareReport() {
    }

    public static String fileName(ResultsFolder base) {
        return "compare-" + base.dir().toAbsolutePath().normalize().getFileName() + ".md";
    }

    public static String render(ResultsFolder base, ResultsFolder current, FolderComparison comparison, Instant generated) {
        StringBuilder md = new StringBuilder();
        String baseName = name(base);
        String currentName = name(current);
        md.append("# Regression check: ").append(currentName).append(" against ").append(baseName).append("\n\n")
                .append("Generated ").append(generated).append(". Noise threshold ").append(Numbers.percent(comparison.threshold()))
                .append("; a cell counts as regressed or improved only when its µs per call changed by more than that and the change is "
                        + "significant (bootstrap 95% CI of the ratio of medians excludes 1 and Mann-Whitney p < ")
                .append(Numbers.fixed(comparison.alpha(), 2)).append(").\n\n");
        int tooFew = comparison.with(Change.TOO_FEW_RUNS).size();
        md.append("**").append(comparison.with(Change.REGRESSED).size()).append(" regressed, ")
                .append(comparison.with(Change.IMPROVED).size()).append(" improved, ")
                .append(comparison.with(Change.NO_CHANGE).size()).append(" no change")
                .append(tooFew == 0 ? "" : ", " + tooFew + " " + Change.TOO_FEW_RUNS.text())
                .append("** (of ")
                .append(comparison.changes().size()).append(" cells in both sessions)")
                .append(comparison.shift().estimated() ? ", each judged beyond the common shift" : "").append(".\n\n");
        comparison.shifts().forEach((placement, shift) ->
                shift(md, comparison.byPlacement() ? " (" + placement + ")" : "", shift, baseName, currentName));
        placements(md, comparison);
        for (Change change : List.of(Change.REGRESSED, Change.IMPROVED, Change.NO_CHANGE, Change.TOO_FEW_RUNS)) {
            List<CellChange> cells = comparison.with(change);
            if (!cells.isEmpty()) {
                md.append("## ").append(capitalised(change.text())).append("\n\n");
                cells.forEach(c -> md.append("- ").append(MarkdownRenderer.escape(line(c))).append('\n'));
                md.append('\n');
            }
        }
        md.append("## All cells\n\n");
        MarkdownRenderer.table(md, table(comparison));
        if (!comparison.onlyInBase().isEmpty() || !comparison.onlyInNew().isEmpty()) {
            md.append("## Not compared\n\n");
            comparison.onlyInBase().forEach(k -> md.append("- ").append(k.label()).append(": only in ").append(baseName).append('\n'));
            comparison.onlyInNew().forEach(k -> md.append("- ").append(k.label()).append(": only in ").append(currentName).append('\n'));
            md.append('\n');
        }
        environmentDifferences(md, base.environment(), current.environment());
        return md.toString().stripTrailing() + "\n";
    }

    /** What every cell shares, and whether that counts as a change of every cell. */
    private static void shift(StringBuilder md, String placement, CommonShift shift, String baseName, String currentName) {
        if (!shift.estimated()) {
            md.append("Common shift").append(placement).append(": not estimated (fewer than ").append(CommonShift.MIN_CELLS)
                    .append(" cells in both sessions, or --absolute); each cell's own change is judged.\n\n");
            return;
        }
        md.append("**Common shift").append(placement).append(": ").append(percentChange(shift.factor())).append("** (95% CI ")
                .append(percentRange(shift.interval())).append("), the median over ").append(shift.cells())
                .append(" cells of ").append(currentName).append("'s µs per call against ").append(baseName).append("'s: ");
        md.append(switch (shift.change()) {
            case REGRESSED -> "**every cell regressed**: its whole CI lies above +";
            case IMPROVED -> "**every cell improved**: its whole CI lies below \u2212";
            // a shift has its interval from at least MIN_CELLS ratios: never too few to tell
            case NO_CHANGE, TOO_FEW_RUNS -> "not a change, since its CI reaches within ±";
        }).append(Numbers.percent(shift.threshold()))
                .append(" (--shift-threshold: a shift every cell shares is the machine's as much as the code's). "
                        + "Each cell below is judged on its change beyond this shift (--absolute: on its own).\n\n");
    }

    /**
     * Per placement (issue 21's reproducibility check): the cells with no change beyond the placement's shift, and the
     * headline verdicts against dbus-daemon that flipped between faster and slower.
     */
    private static void placements(StringBuilder md, FolderComparison comparison) {
        List<List<String>> rows = new ArrayList<>();
        List<String> flipLines = new ArrayList<>();
        for (String placement : comparison.shifts().keySet()) {
            List<CellChange> cells = comparison.in(placement);
            long same = cells.stream().filter(c -> c.change() == Change.NO_CHANGE).count();
            long tooFew = cells.stream().filter(c -> c.change() == Change.TOO_FEW_RUNS).count();
            long equivalent = cells.stream().filter(c -> c.equivalence().equivalent()).count();
            HeadlineFlips flips = comparison.flips().stream().filter(f -> f.placement().equals(placement)).findFirst()
                    .orElse(new HeadlineFlips(placement, 0, List.of()));
            CommonShift shift = comparison.shifts().get(placement);
            rows.add(List.of(placement, String.valueOf(cells.size()), noChange(same, tooFew, cells.size()),
                    String.valueOf(tooFew), String.valueOf(equivalent), shift.estimated() ? percentChange(shift.factor()) : Numbers.NOT_AVAILABLE,
                    String.valueOf(flips.verdicts()), String.valueOf(flips.flips().size())));
            flips.flips().forEach(f -> flipLines.add(f.key().label() + ": " + word(f.before()) + " → " + word(f.after())
                    + " than " + org.dbuslab.analysis.model.CellOrder.BASELINE_TRANSPORT));
        }
        md.append("## Per placement\n\n");
        MarkdownRenderer.table(md, new Table(List.of("placement", "cells", "no change beyond the shift",
                Change.TOO_FEW_RUNS.text(), "equivalent within ±" + Numbers.fixed(comparison.equivalenceMarginPct(), 0) + "%", "common shift",
                "headline verdicts", "flips faster ↔ slower"),
                List.of(false, true, true, true, true, true, true, true), rows));
        if (!flipLines.isEmpty()) {
            md.append("Headline verdicts against dbus-daemon that flipped between faster and slower:\n\n");
            flipLines.forEach(l -> md.append("- ").append(MarkdownRenderer.escape(l)).append('\n'));
            md.append('\n');
        }
    }

    /**
     * "103 (45.2 %; 97.2 % of the 106 that can tell)": a share of every cell would count the cells with too few runs
     * against reproducibility, a share of those that can tell alone would hide how many could not.
     */
    static String noChange(long same, long tooFew, int cells) {
        String text = same + " (" + Numbers.percent((double) same / cells);
        long canTell = cells - tooFew;
        return text + (tooFew == 0 ? ")" : canTell == 0 ? "; none can tell)"
                : "; " + Numbers.percent((double) same / canTell) + " of the " + canTell + " that can tell)");
    }

    private static String word(org.dbuslab.stats.Direction direction) {
        return direction == org.dbuslab.stats.Direction.LOWER ? "faster" : "slower";
    }

    /** e.g. "dbus-broker sync 1000 B window 1 calls 10000: regressed, +20.3 % (95% CI +18.1…+22.4 %), +25.3 µs/call (…), p < 0.001". */
    public static String line(CellChange c) {
        SampleComparison r = c.result();
        return c.label() + ": " + c.change().text() + ", " + percentChange(r.ratioOfMedians()) + " ("
                + Ranges.ci(95, r.ratioInterval(), CompareReport::percentChange, "…") + "), "
                + Numbers.signedMicroseconds(r.difference()) + " µs/call (" + Ranges.signed(r.differenceInterval()) + "), " + Numbers.pValue(r.test().pValue())
                + (c.equivalence().equivalent() ? "; equivalent within ±" + Numbers.fixed(c.equivalence().marginPct(), 0) + "% ("
                + Ranges.ci(90, c.equivalence().ratioInterval(), CompareReport::percentChange, "…") + ")" : "");
    }

    private static Table table(FolderComparison comparison) {
        List<List<String>> rows = new ArrayList<>();
        for (CellChange c : comparison.changes()) {
            SampleComparison r = c.result();
            rows.add(List.of(c.label(), String.valueOf(c.base().runs()), String.valueOf(c.current().runs()),
                    Numbers.microseconds(c.base().usPerCallMedian()), Numbers.microseconds(c.current().usPerCallMedian()),
                    percentChange(r.ratioOfMedians()), percentRange(r.ratioInterval()),
                    Numbers.pValue(r.test().pValue()) + " (" + r.test().method() + ")",
                    c.change().text()));
        }
        String change = comparison.shift().estimated() ? "change beyond the shift" : "change";
        return new Table(List.of("cell", "base runs", "new runs", "base µs/call", "new µs/call", change,
                "95% CI of " + change, "Mann-Whitney", "verdict"),
                List.of(false, true, true, true, true, true, true, false, false), rows);
    }

    /** A time ratio as a signed percentage: 1.203 → "+20.3 %". */
    private static String percentChange(double ratio) {
        if (!Double.isFinite(ratio)) {
            return Numbers.NOT_AVAILABLE;
        }
        double percent = (ratio - 1) * 100;
        String text = Numbers.fixed(Math.abs(percent), 1);
        return (percent < 0 && !text.equals("0.0") ? "\u2212" : "+") + text + " %";
    }

    private static String percentRange(Interval ratio) {
        return ratio.isDefined() ? percentChange(ratio.low()) + "…" + percentChange(ratio.high()) : Numbers.NOT_AVAILABLE;
    }

    /** Two sessions on different machines or versions are comparable only with care: say what differs. */
    private static void environmentDifferences(StringBuilder md, Environment base, Environment current) {
        List<String> keys = new ArrayList<>(base.values().keySet());
        current.values().keySet().stream().filter(k -> !keys.contains(k)).forEach(keys::add);
        List<String> lines = EnvironmentView.orderedKeys(keys).stream()
                .filter(k -> !k.equals("date_utc"))
                .filter(k -> !Objects.equals(base.text(k), current.text(k)))
                .map(k -> k + ": " + base.text(k) + " → " + current.text(k))
                .toList();
        md.append("## Environment differences\n\n");
        if (lines.isEmpty()) {
            md.append("none (apart from the date)\n");
        } else {
            lines.forEach(l -> md.append("- ").append(MarkdownRenderer.escape(l)).append('\n'));
        }
    }

    private static String name(ResultsFolder folder) {
        return String.valueOf(folder.dir().toAbsolutePath().normalize().getFileName());
    }

    private static String capitalised(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
