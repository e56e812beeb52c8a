package org.dbuslab.analysis;

import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.scenarios.ScenariosMarkdown;

import java.io.IOException;
import java.util.Optional;

/**
 * The client-library scenarios (lab/run-scenarios.sh), when the session ran them: {@link ScenariosMarkdown}'s section as
 * one Markdown block, its own heading taken as the section's title. Absent when the session ran none.
 */
final class ScenariosSection {

    static final String ID = "scenarios";

    private ScenariosSection() {
    }

    static Optional<Section> of(Analysis analysis) {
        String markdown;
        try {
            markdown = ScenariosMarkdown.render(analysis.folder().dir());
        } catch (IOException e) {
            return Optional.of(Section.builder(ID, "Client-library scenarios")
                    .paragraph("Scenario results could not be read: " + e.getMessage(), Block.Tone.WARNING).build());
        }
        if (markdown.isBlank()) {
            return Optional.empty();
        }
        String title = "Client-library scenarios";
        if (markdown.startsWith("## ")) {
            int end = markdown.indexOf('\n');
            title = markdown.substring(3, end).strip();
            markdown = markdown.substring(end + 1);
        }
        return Optional.of(Section.builder(ID, title).collapsed().add(new Block.Markdown(markdown)).build());
    }
}
