package org.dbuslab.analysis.report;

import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.model.Analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * The sections of issue 14, in reading order: "Client libraries", then "The 2015 experiment"; then issue 24's "Real-world
 * paths"; none for older folders.
 */
public final class LibrarySections {

    private LibrarySections() {
    }

    public static List<Section> of(Analysis analysis) {
        List<Section> sections = new ArrayList<>();
        ClientLibrariesSection.of(analysis).ifPresent(sections::add);
        LkmlSection.of(analysis).ifPresent(sections::add);
        RealWorldPathsSection.of(analysis).ifPresent(sections::add);
        return sections;
    }
}
