package org.dbuslab.analysis.report;

import java.util.ArrayList;
import java.util.List;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.model.Analysis;

/** "Skipped": what skipped.tsv says was not run, and what is missing or short against the plan. */
public final class SkippedSection {

    private SkippedSection() {
    }

    public static final String ID = "skipped";

    public static Section of(Analysis analysis) {
        return Section.builder(ID, "Skipped").bulletsOrNone(skipped(analysis)).build();
    }

    /** Skip reasons, then what is missing or short. */
    public static List<String> skipped(Analysis analysis) {
        List<String> lines = new ArrayList<>();
        analysis.folder().skipped().forEach(s -> lines.add(s.transport() + ": " + s.reason()));
        analysis.gaps().forEach(gap -> lines.add(gap.transport() + (gap.cell() == null ? "" : " " + gap.cell().shape())
                + ": " + gap.problem()));
        return lines;
    }
}
