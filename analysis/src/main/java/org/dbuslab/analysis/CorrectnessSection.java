package org.dbuslab.analysis;

import org.dbuslab.analysis.doc.Section;

/** "Correctness": lost, mismatched and errored calls over all measured runs. */
final class CorrectnessSection {

    private CorrectnessSection() {
    }

    static final String ID = "correctness";

    static Section of(Analysis analysis) {
        return Section.builder(ID, "Correctness").text(correctness(analysis)).build();
    }

    static String correctness(Analysis analysis) {
        Counts total = analysis.totalCounts();
        String text = "Lost / mismatched / errors over all measured runs: " + total.lost() + " / " + total.mismatched() + " / "
                + total.errors() + ".";
        if (analysis.allCells().stream().anyMatch(c -> c.key().role() == CellKey.Role.OVERLIMIT)) {
            text += " The over-limit check's runs are not counted here: their errors are its purpose (see Over-limit check).";
        }
        return text;
    }
}
