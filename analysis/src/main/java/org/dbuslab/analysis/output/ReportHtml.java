package org.dbuslab.analysis.output;

import org.dbuslab.analysis.doc.HtmlRenderer;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.report.ReportDocument;

/**
 * report.html: {@link ReportDocument} with its charts, in one self-contained file (inline CSS, charts as inline SVG,
 * nothing fetched) that can be mailed or attached to a ticket.
 */
public final class ReportHtml implements ReportWriter {

    public static final String FILE = "report.html";

    @Override
    public String fileName() {
        return FILE;
    }

    @Override
    public String render(Analysis analysis) {
        return HtmlRenderer.render(ReportDocument.of(analysis));
    }
}
