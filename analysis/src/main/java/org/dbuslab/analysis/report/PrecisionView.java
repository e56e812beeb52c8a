package org.dbuslab.analysis.report;

import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.RunBlocks;
import org.dbuslab.analysis.model.calls.MatrixRunLength;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.format.PrecisionTsv;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The "Precision" section: per matrix cell the 95% CI half-width of its median µs/call as % of the median, and, when
 * the session runner left a precision.tsv, whether its stopping rule found the target met and after how many
 * blocks. Then which comparisons are paired by block.
 */
public final class PrecisionView {

    public static final String TITLE = "Precision";

    public static final String ID = "precision";

    private PrecisionView() {
    }

    public static Section of(Analysis analysis) {
        Section.Builder section = Section.builder(ID, TITLE).note(intro(analysis));
        List<MatrixRunLength> lengths = analysis.runLengths();
        if (!lengths.isEmpty()) {
            boolean missed = lengths.stream().anyMatch(MatrixRunLength::missed);
            section.paragraph(runLength(lengths), missed ? Block.Tone.WARNING : Block.Tone.NORMAL);
        }
        if (!analysis.cells().isEmpty()) {
            section.table(table(analysis), "details");
        }
        List<String> comparisons = comparisons(analysis);
        if (!comparisons.isEmpty()) {
            section.text("Headline comparisons (the runner's stopping rule, precision.tsv):").bullets(comparisons);
        }
        return section.note(pairingIntro()).bullets(pairing(analysis)).build();
    }

    public static String intro(Analysis analysis) {
        String computed = "\"half-width\" is half the 95% CI of the cell's median µs/call as % of the median, as this "
                + "analysis computes it (block bootstrap for cells measured in blocks, else the run bootstrap).";
        return analysis.folder().precision().isPresent()
                ? computed + " \"target\", \"met\" and \"met after\" are the session runner's (precision.tsv): its stopping rule "
                + "wants every matrix cell and headline comparison within the target; \"met after\" is the measured block "
                + "since which the cell has been within it."
                : computed + " The session left no precision.tsv, so there is no target to judge against.";
    }

    public static Table table(Analysis analysis) {
        boolean runner = analysis.folder().precision().isPresent();
        List<String> header = new ArrayList<>(List.of("transport", "mode", "payload", "window", "placement", "runs",
                "blocks", "µs/call", "half-width"));
        List<Boolean> numeric = new ArrayList<>(List.of(false, false, true, true, false, true, true, true, true));
        if (runner) {
            header.addAll(List.of("target", "met", "met after (blocks)"));
            numeric.addAll(List.of(true, false, true));
        }
        List<List<String>> rows = new ArrayList<>();
        for (CellSummary cell : analysis.cells().stream().filter(c -> c.runs() > 0).toList()) {
            CellKey key = cell.key();
            List<String> row = new ArrayList<>(List.of(key.transport(), key.mode(), key.payloadBytes() + " B",
                    String.valueOf(key.window()), key.placement(), String.valueOf(cell.runs()), String.valueOf(cell.blocks()),
                    Numbers.microseconds(cell.usPerCallMedian()),
                    percent(cell.usPerCallHalfWidthPct()) + PrecisionMark.mark(cell, PrecisionMark.target(analysis))));
            if (runner) {
                Optional<PrecisionTsv.Row> recorded = analysis.folder().recordedPrecision(key);
                row.add(recorded.map(r -> percent(r.targetPct())).orElse("—"));
                row.add(recorded.map(r -> r.met() ? "✓" : "✗").orElse("not in precision.tsv"));
                row.add(recorded.filter(r -> r.metAfterBlocks() > 0).map(r -> String.valueOf(r.metAfterBlocks())).orElse("—"));
            }
            rows.add(row);
        }
        return new Table(header, numeric, rows);
    }

    /**
     * One sentence: the matrix's median measured run per placement, against --run-ms where the session recorded it,
     * e.g. "Run length: the matrix's median measured run lasted 47.2 ms in one-cpu (660 runs; 0.94× the target, within
     * ±20 %), 32.9 ms in cross (660 runs; 0.66× the target, outside ±20 %), against --run-ms 50. ...".
     */
    static String runLength(List<MatrixRunLength> lengths) {
        String text = "Run length: the matrix's median measured run lasted "
                + String.join(", ", lengths.stream().map(PrecisionView::describe).toList());
        if (lengths.stream().noneMatch(MatrixRunLength::hasTarget)) {
            return text + "; the session recorded no --run-ms (calls per run fixed, or an older folder).";
        }
        return text + ", against " + lengths.get(0).targetText() + ". The runner sets each cell's "
                + "calls per run once, after the warm-up, from that target (calls are part of the cell): a host that ran "
                + "faster or slower after the calibration shows here as runs shorter or longer than the target. µs per call "
                + "is still run time ÷ calls.";
    }

    /** "47.2 ms in one-cpu (660 runs; 0.94× the target, within ±20 %)". */
    private static String describe(MatrixRunLength length) {
        String judged = !length.hasTarget() ? "" : "; " + Numbers.factor(length.ratio()) + "× the target, "
                + (length.withinTolerance() ? "within " : "outside ") + MatrixRunLength.toleranceText();
        return Numbers.fixed(length.medianMs(), 1) + " ms in " + length.placement() + " (" + length.runs() + " runs"
                + judged + ")";
    }

    /**
     * The runner's headline comparisons from precision.tsv, one line each, e.g. "transport: dbus-broker
     * dbus-java>dbus-java ÷ dbus-daemon dbus-java>dbus-java, sync 1000 B window 1 cross: ±2.1 % after 9 blocks (target 3.0 %) ✓
     * since block 6". Empty without precision.tsv.
     */
    public static List<String> comparisons(Analysis analysis) {
        return analysis.folder().precision().orElse(List.of()).stream().filter(r -> !r.kind().equals("cell"))
                .map(r -> r.kind() + ": " + r.transport() + " " + r.pair() + " ÷ " + r.versusTransport() + " " + r.versusPair()
                        + ", " + r.mode() + " " + r.payloadBytes() + " B window " + r.window()
                        + (r.placement().isEmpty() ? "" : " " + r.placement()) + ": ±" + percent(r.halfWidthPct())
                        + " after " + r.blocks() + " blocks (target " + percent(r.targetPct()) + ") "
                        + (r.met() ? "✓" + (r.metAfterBlocks() > 0 ? " since block " + r.metAfterBlocks() : "") : "✗"))
                .toList();
    }

    /** One line per group of comparisons: how many are paired by block. */
    public static List<String> pairing(Analysis analysis) {
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, List<SampleComparison>> group : analysis.comparisonGroups().entrySet()) {
            List<SampleComparison> all = group.getValue();
            if (all.isEmpty()) {
                continue;
            }
            long paired = all.stream().filter(SampleComparison::paired).count();
            lines.add(group.getKey() + ": " + (paired == all.size() ? "all " + all.size() + " paired by block"
                    : paired == 0 ? "all " + all.size() + " unpaired" : paired + " of " + all.size() + " paired by block, the rest unpaired"));
        }
        return lines;
    }

    public static String pairingIntro() {
        return "Paired comparisons use the runs the two cells made in the same blocks (a run per cell and block, up to "
                + "three of a real-world path's cell whose price the runner found not yet within its target, in at least "
                + RunBlocks.MIN_BLOCKS
                + " blocks): a block bootstrap that draws the same blocks for both sides gives the intervals, and a Wilcoxon "
                + "signed-rank test of the per-block ratios (exact up to 20 blocks) stands in for Mann-Whitney; drift that "
                + "hits both cells of a block cancels. Unpaired comparisons (older folders, or cells without common blocks) "
                + "resample runs and use Mann-Whitney U. Either way a verdict needs the CI to exclude 1 and p < 0.05.";
    }

    private static String percent(double value) {
        return Double.isFinite(value) ? Numbers.fixed(value, 1) + " %" : Numbers.NOT_AVAILABLE;
    }
}
