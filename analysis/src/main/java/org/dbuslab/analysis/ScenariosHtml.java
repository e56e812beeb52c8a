package org.dbuslab.analysis;

import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.dbuslab.analysis.scenarios.ScenariosMarkdown;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The client-library scenarios in report.html: the same section report.md carries, rendered from its Markdown by
 * commonmark (tables included), so both formats say exactly the same thing. Empty when the session ran none.
 */
final class ScenariosHtml {

    private static final List<org.commonmark.Extension> EXTENSIONS = List.of(TablesExtension.create());

    private ScenariosHtml() {
    }

    static String render(Path resultsDir) {
        String markdown;
        try {
            markdown = ScenariosMarkdown.render(resultsDir);
        } catch (IOException e) {
            return "<p class=\"warning\">Scenario results could not be read: " + escape(e.getMessage()) + "</p>\n";
        }
        if (markdown.isBlank()) {
            return "";
        }
        Parser parser = Parser.builder().extensions(EXTENSIONS).build();
        HtmlRenderer renderer = HtmlRenderer.builder().extensions(EXTENSIONS).escapeHtml(true).build();
        return "<div class=\"scenarios scroll\">\n" + renderer.render(parser.parse(markdown)) + "</div>\n";
    }

    private static String escape(String text) {
        return String.valueOf(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
