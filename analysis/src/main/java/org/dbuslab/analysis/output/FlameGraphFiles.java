package org.dbuslab.analysis.output;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.dbuslab.analysis.charts.FlameGraph;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.profile.ProfileSet;
import org.dbuslab.analysis.profile.RoleProfile;
import org.dbuslab.analysis.report.profile.WhyItCostsSection;

/**
 * The flame graphs of the profiling pass: profiles/X.svg beside each profiles/X.collapsed, self-contained SVG (no
 * script), linked from report.html's "Why it costs". Measurement never renders: the runner wrote only the stacks.
 */
public final class FlameGraphFiles {

    private FlameGraphFiles() {
    }

    /** Writes every flame graph of the folder DIR (none without profiles); their paths. */
    public static List<Path> write(Analysis analysis, Path dir) throws IOException {
        List<Path> written = new ArrayList<>();
        ProfileSet profiles = analysis.profiles().orElse(null);
        if (profiles == null) {
            return written;
        }
        for (RoleProfile p : profiles.all()) {
            Path target = profiles.folder().resolve(p.svgName());
            AtomicFiles.writeUtf8(target, FlameGraph.svg(p.stacks(), WhyItCostsSection.graphTitle(p),
                WhyItCostsSection.graphSubtitle(p), p.wall()));
            written.add(target);
        }
        return written;
    }
}
