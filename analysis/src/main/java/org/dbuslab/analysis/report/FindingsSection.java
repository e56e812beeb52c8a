package org.dbuslab.analysis.report;

import org.dbuslab.analysis.charts.Charts;
import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Figure;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.model.Analysis;

import java.util.ArrayList;
import java.util.List;

/** "Findings", the report's opening: the verdicts ({@link Findings}), then the headline and where-the-time-goes charts. */
public final class FindingsSection {

    public static final String ID = "findings";

    private FindingsSection() {
    }

    public static Section of(Analysis analysis) {
        List<Figure> charts = new ArrayList<>(Charts.perCall(analysis));
        charts.addAll(Charts.leadCpu(analysis));
        return of(Findings.of(analysis), "Nothing to conclude: the session has no comparisons (see Headline and Skipped).",
            charts);
    }

    /** The section of these findings, or NOTHING when there are none, then the charts. */
    public static Section of(List<Block.Item> findings, String nothing, List<Figure> charts) {
        Section.Builder section = Section.builder(ID, "Findings");
        if (findings.isEmpty()) {
            section.text(nothing);
        } else {
            section.add(new Block.Bullets(findings, Block.Bullets.FINDINGS));
        }
        return section.charts(charts).build();
    }
}
