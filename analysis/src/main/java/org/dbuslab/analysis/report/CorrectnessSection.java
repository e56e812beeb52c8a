package org.dbuslab.analysis.report;

import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;

/** "Correctness": lost, mismatched and errored calls over all measured runs. */
public final class CorrectnessSection {

    private CorrectnessSection() {
    }

    public static final String ID = "correctness";

    public static Section of(Analysis analysis) {
        return Section.builder(ID, "Correctness").text(correctness(analysis)).build();
    }

    public static String correctness(Analysis analysis) {
        Counts total = analysis.totalCounts();
        String text = "Lost / mismatched / errors over all measured runs: " + total.lost() + " / " + total.mismatched() + " / "
                + total.errors() + ".";
        if (analysis.allCells().stream().anyMatch(c -> c.key().role() == CellKey.Role.OVERLIMIT)) {
            text += " The over-limit check's runs are not counted here: their errors are its purpose (see Over-limit check).";
        }
        return text;
    }
}
