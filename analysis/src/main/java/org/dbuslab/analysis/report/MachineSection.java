package org.dbuslab.analysis.report;

import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.EnvironmentView;
import org.dbuslab.analysis.read.Environment;

import java.util.List;

/** "Machine and versions": environment.json's known keys with labels, the rest after them. */
public final class MachineSection {

    public static final String ID = "machine";

    private MachineSection() {
    }

    public static Section of(Analysis analysis) {
        Environment env = analysis.folder().environment();
        Section.Builder section = Section.builder(ID, "Machine and versions");
        if (!env.recorded()) {
            section.paragraph("environment.json was missing: the machine is unknown.", Block.Tone.WARNING);
        }
        List<List<String>> rows = EnvironmentView.entries(env).stream().map(e -> List.of(e.label(), e.value())).toList();
        return section.table(new Table(List.of("what", "value"), List.of(false, false), rows), "machine").build();
    }
}
