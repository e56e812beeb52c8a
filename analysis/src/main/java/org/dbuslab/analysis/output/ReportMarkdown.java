package org.dbuslab.analysis.output;

import org.dbuslab.analysis.doc.MarkdownRenderer;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.report.ReportDocument;
import org.dbuslab.analysis.report.Warnings;

/** report.md: {@link ReportDocument} rendered as Markdown. */
public final class ReportMarkdown implements ReportWriter {

    public static final String FILE = "report.md";
    public static final String FAILURE_WARNING = Warnings.FAILURE_WARNING;

    @Override
    public String fileName() {
        return FILE;
    }

    @Override
    public String render(Analysis analysis) {
        return MarkdownRenderer.render(ReportDocument.of(analysis));
    }
}
