package org.dbuslab.analysis.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellComparison;
import org.dbuslab.analysis.model.CellOrder;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.read.CellKey;

/** "Headline: µs per call": the matrix table, each transport against the baselines, pipelined against sync. */
public final class HeadlineSection {

    private HeadlineSection() {
    }

    public static final String ID = "headline";
    public static final String PIPELINING_ID = "pipelining";

    public static String againstId(String baseline) {
        return "against-" + baseline;
    }

    public static Section of(Analysis analysis) {
        Section.Builder section = Section.builder(ID, "Headline: µs per call");
        if (analysis.cells().isEmpty()) {
            return section.text(noSubjectRuns(analysis)).build();
        }
        section.note(headlineNote(analysis)).table(headline(analysis), "headline");
        PlacementSections.placements(analysis).ifPresent(section::subsection);
        PlacementSections.crossing(analysis).ifPresent(section::subsection);
        for (String baseline : analysis.baselines()) {
            List<CellComparison> comparisons = analysis.comparisonsAgainst(baseline);
            Section.Builder against = Section.builder(againstId(baseline), "Against " + baseline);
            if (comparisons.isEmpty()) {
                against.text("No other transport has a cell to compare with " + baseline + ".");
            } else {
                against.add(new Block.Bullets(comparisons.stream().map(c -> Block.Item.of(ComparisonText.line(c, analysis))).toList(),
                        "verdicts"));
            }
            section.subsection(against.build());
        }
        if (!analysis.pipelining().isEmpty()) {
            section.subsection(Section.builder(PIPELINING_ID, "Pipelined against sync")
                    .note("Each pipelined cell's µs per call against the sync cell of the same transport and payload: below 1 "
                            + "(\"faster\") a pipelined call costs less than a sync one.")
                    .add(new Block.Bullets(analysis.pipelining().stream().map(c -> Block.Item.of(ComparisonText.line(c, "sync"))).toList(),
                            "verdicts"))
                    .build());
        }
        return section.build();
    }

    public static String headlineNote(Analysis analysis) {
        return "Median µs per call of each cell; in brackets the verdict against " + headlineBaseline(analysis)
                + " at the same mode, payload and window (α = " + Numbers.fixed(analysis.alpha(), 2)
                + "; \"no sig. diff.\" means the runs cannot tell the two apart; \"equiv. ±" + Numbers.fixed(analysis.equivalenceMarginPct(), 0)
                + "%\" that the time ratio's 90% CI lies within ±" + Numbers.fixed(analysis.equivalenceMarginPct(), 0)
                + "%, TOST at α = 0.05" + (analysis.placementIsAFactor() ? "; \"" + ComparisonText.DEPENDS_ON_PLACEMENT
                + "\" that the verdicts of the placements differ" : "") + "). ⚠ marks "
                + PrecisionMark.meaning("a cell", PrecisionMark.describe(analysis)) + "; see Precision.";
    }

    /** Said instead of the headline when there is nothing to show. */
    public static String noSubjectRuns(Analysis analysis) {
        return analysis.allCells().isEmpty() ? "No runs were recorded."
                : "No runs of the subject matrix (" + CellKey.SUBJECT_PAIR + ", series matrix) were recorded.";
    }

    /** The baseline the headline compares with: the user's pick if any, else dbus-daemon. */
    public static String headlineBaseline(Analysis analysis) {
        return analysis.baselines().get(analysis.baselines().size() - 1);
    }

    /**
     * In the spirit of the kdbus numbers on LKML: one row per cell shape, one column per transport, the
     * median µs per call and the verdict against the baseline in each cell. When the matrix was measured under several
     * placements, each transport has a column per placement, side by side.
     */
    public static Table headline(Analysis analysis) {
        String baseline = headlineBaseline(analysis);
        List<String> transports = analysis.transports();
        List<String> placements = analysis.placements();
        boolean byPlacement = analysis.placementIsAFactor();
        boolean callsVary = !byPlacement && analysis.cells().stream().map(c -> c.key().calls()).distinct().count() > 1;
        List<String> header = new ArrayList<>(List.of("mode", "payload", "window"));
        List<Boolean> numeric = new ArrayList<>(List.of(false, true, true));
        if (callsVary) {
            header.add("calls/run");
            numeric.add(true);
        }
        transports.forEach(t -> placements.forEach(p -> {
            header.add((t.equals(baseline) ? t + " (baseline)" : t) + (byPlacement ? " " + p : ""));
            numeric.add(true);
        }));
        List<List<String>> rows = new ArrayList<>();
        for (CellKey shape : shapes(analysis.cells(), byPlacement)) {
            List<String> row = new ArrayList<>(List.of(shape.mode(), shape.payloadBytes() + " B", String.valueOf(shape.window())));
            if (callsVary) {
                row.add(String.valueOf(shape.calls()));
            }
            for (String transport : transports) {
                for (String placement : placements) {
                    row.add(analysis.cells().stream().filter(c -> c.runs() > 0 && c.key().transport().equals(transport)
                                    && c.key().placement().equals(placement) && sameShape(c.key(), shape, byPlacement)).findFirst()
                            .map(cell -> headlineCell(analysis, cell, baseline)).orElse(Numbers.ABSENT));
                }
            }
            rows.add(row);
        }
        return new Table(header, numeric, rows);
    }

    /** Calls per run are calibrated per placement: across placements a shape is mode, payload and window. */
    private static boolean sameShape(CellKey key, CellKey shape, boolean byPlacement) {
        return key.mode().equals(shape.mode()) && key.payloadBytes() == shape.payloadBytes() && key.window() == shape.window()
                && (byPlacement || key.calls() == shape.calls());
    }

    private static String headlineCell(Analysis analysis, CellSummary cell, String baseline) {
        String us = Numbers.microseconds(cell.usPerCallMedian()) + " µs";
        Optional<CellComparison> comparison = analysis.comparisonsAgainst(baseline).stream()
                .filter(c -> c.cell().key().equals(cell.key())).findFirst();
        return comparison.map(c -> us + " (" + ComparisonText.shortVerdict(c, analysis) + ")").orElse(us)
                + PrecisionMark.mark(cell, PrecisionMark.target(analysis));
    }

    /**
     * Distinct (mode, payload, window, calls) of the cells, transport blanked, in report order; with several placements
     * (mode, payload, window), calls blanked too.
     */
    private static List<CellKey> shapes(List<CellSummary> cells, boolean byPlacement) {
        return cells.stream().map(c -> new CellKey("", c.key().mode(), c.key().payloadBytes(), c.key().window(),
                        byPlacement ? 0 : c.key().calls()))
                .distinct().sorted(CellOrder.CELLS).toList();
    }
}
