package org.dbuslab.analysis.output;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.dbuslab.analysis.model.Analysis;

/** One output format of the analysis. Rendering is separate from writing so tests compare text with golden files. */
public interface ReportWriter {

    public String fileName();

    public String render(Analysis analysis);

    /** Replaces DIR/fileName() atomically and returns its path. */
    public default Path write(Analysis analysis, Path dir) throws IOException {
        Path target = dir.resolve(fileName());
        AtomicFiles.writeUtf8(target, render(analysis));
        return target;
    }

    /** Every report of a results folder, in the order their paths are printed. */
    public static List<ReportWriter> all() {
        return List.of(new SummaryJson(), new SummaryCsv(), new ReportMarkdown(), new ReportHtml());
    }
}
