package org.dbuslab.analysis.report;

import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.Scenarios;
import org.dbuslab.analysis.scenarios.ScenariosMarkdown;

import java.util.Optional;

/**
 * The client-library scenarios (lab/run-scenarios.sh), when the session ran them: {@link ScenariosMarkdown}'s section as
 * one Markdown block, its own heading taken as the section's title, rendered from the summary the analysis read
 * once ({@link Scenarios}). Absent when the session ran none.
 */
public final class ScenariosSection {

    public static final String ID = "scenarios";

    private ScenariosSection() {
    }

    public static Optional<Section> of(Analysis analysis) {
        Scenarios scenarios = analysis.scenarios();
        if (scenarios.error().isPresent()) {
            return Optional.of(Section.builder(ID, "Client-library scenarios")
                    .paragraph("Scenario results could not be read: " + scenarios.error().get(), Block.Tone.WARNING).build());
        }
        if (scenarios.summary().isEmpty()) {
            return Optional.empty();
        }
        String markdown = ScenariosMarkdown.render(scenarios.summary().get());
        String title = "Client-library scenarios";
        if (markdown.startsWith("## ")) {
            int end = markdown.indexOf('\n');
            title = markdown.substring(3, end).strip();
            markdown = markdown.substring(end + 1);
        }
        return Optional.of(Section.builder(ID, title).collapsed().add(new Block.Markdown(markdown)).build());
    }
}
