package org.dbuslab.analysis;

import org.dbuslab.analysis.doc.MarkdownRenderer;

/** report.md: {@link ReportDocument} rendered as Markdown. */
final class ReportMarkdown implements ReportWriter {

    static final String FILE = "report.md";
    static final String FAILURE_WARNING = Warnings.FAILURE_WARNING;

    @Override
    public String fileName() {
        return FILE;
    }

    @Override
    public String render(Analysis analysis) {
        return MarkdownRenderer.render(ReportDocument.of(analysis));
    }
}
