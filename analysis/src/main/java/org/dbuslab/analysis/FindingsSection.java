package org.dbuslab.analysis;

import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Figure;
import org.dbuslab.analysis.doc.Section;

import java.util.ArrayList;
import java.util.List;

/** "Findings", the report's opening: the verdicts ({@link Findings}), then the headline and where-the-time-goes charts. */
final class FindingsSection {

    static final String ID = "findings";

    private FindingsSection() {
    }

    static Section of(Analysis analysis) {
        Section.Builder section = Section.builder(ID, "Findings");
        List<Block.Item> findings = Findings.of(analysis);
        if (findings.isEmpty()) {
            section.text("Nothing to conclude: the session has no comparisons (see Headline and Skipped).");
        } else {
            section.add(new Block.Bullets(findings, "findings"));
        }
        List<Figure> charts = new ArrayList<>(Charts.perCall(analysis));
        charts.addAll(Charts.leadCpu(analysis));
        return section.charts(charts).build();
    }
}
