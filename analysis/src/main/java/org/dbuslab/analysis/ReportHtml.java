package org.dbuslab.analysis;

import org.dbuslab.analysis.doc.HtmlRenderer;

/**
 * report.html: {@link ReportDocument} with its charts, in one self-contained file (inline CSS, charts as inline SVG,
 * nothing fetched) that can be mailed or attached to a ticket.
 */
final class ReportHtml implements ReportWriter {

    static final String FILE = "report.html";

    @Override
    public String fileName() {
        return FILE;
    }

    @Override
    public String render(Analysis analysis) {
        return HtmlRenderer.render(ReportDocument.of(analysis));
    }
}
