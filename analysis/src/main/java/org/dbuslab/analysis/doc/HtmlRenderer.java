package org.dbuslab.analysis.doc;

import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * report.html: the document as one self-contained page (inline CSS, charts as inline SVG, no script, nothing
 * fetched) with a table of contents, collapsed details, colours that follow the system's light or dark setting,
 * and a print stylesheet that opens every section.
 */
public final class HtmlRenderer {

    private static final List<org.commonmark.Extension> EXTENSIONS = List.of(TablesExtension.create());

    private HtmlRenderer() {
    }

    public static String render(Document document) {
        Map<String, String> titles = new HashMap<>();
        document.sections().forEach(s -> collectTitles(s, titles));
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"color-scheme\" content=\"light dark\">\n")
                .append("<title>").append(esc(document.pageTitle())).append("</title>\n")
                .append("<style>\n").append(HtmlStyle.CSS).append("</style>\n</head>\n<body>\n")
                .append("<header>\n<h1>").append(esc(document.title())).append("</h1>\n")
                .append("<p class=\"note\">").append(esc(document.subtitle())).append("</p>\n");
        toc(h, document.sections());
        h.append("</header>\n<main>\n");
        document.sections().forEach(s -> section(h, s, 2, titles));
        h.append("</main>\n</body>\n</html>\n");
        return h.toString();
    }

    private static void collectTitles(Section section, Map<String, String> titles) {
        titles.put(section.id(), section.title());
        section.subsections().forEach(s -> collectTitles(s, titles));
    }

    private static void toc(StringBuilder h, List<Section> sections) {
        h.append("<nav class=\"toc\" aria-label=\"Contents\">\n<h2 class=\"toc-title\">Contents</h2>\n<ol>\n");
        sections.forEach(s -> h.append("<li><a href=\"#").append(esc(s.id())).append("\">").append(esc(s.title()))
                .append("</a></li>\n"));
        h.append("</ol>\n</nav>\n");
    }

    private static void section(StringBuilder h, Section section, int level, Map<String, String> titles) {
        String heading = "<h" + level + ">" + esc(section.title()) + "</h" + level + ">";
        String id = " id=\"" + esc(section.id()) + "\"";
        if (section.collapsed()) {
            h.append("<details").append(id).append(">\n<summary>").append(heading).append("</summary>\n");
        } else {
            h.append("<section").append(id).append(">\n").append(heading).append('\n');
        }
        section.blocks().forEach(b -> block(h, b, titles));
        section.subsections().forEach(s -> section(h, s, Math.min(level + 1, 6), titles));
        h.append(section.collapsed() ? "</details>\n" : "</section>\n");
    }

    private static void block(StringBuilder h, Block block, Map<String, String> titles) {
        if (block instanceof Block.Paragraph p) {
            h.append(paragraph(p));
        } else if (block instanceof Block.Bullets list) {
            h.append("<ul").append(cssClass(list.role())).append(">\n");
            list.items().forEach(item -> h.append(list.role().equals(Block.Bullets.FINDINGS) ? folded(item, titles) : item(item, titles)));
            h.append("</ul>\n");
        } else if (block instanceof Block.TableBlock t) {
            table(h, t.table(), t.role());
        } else if (block instanceof Block.Charts charts) {
            h.append("<div class=\"charts\">\n");
            charts.figures().forEach(f -> h.append("<figure>").append(f.svg()).append("<figcaption><strong>")
                    .append(esc(f.title())).append("</strong> — ").append(esc(f.description())).append("</figcaption></figure>\n"));
            h.append("</div>\n");
        } else if (block instanceof Block.Markdown m) {
            Parser parser = Parser.builder().extensions(EXTENSIONS).build();
            org.commonmark.renderer.html.HtmlRenderer renderer = org.commonmark.renderer.html.HtmlRenderer.builder()
                    .extensions(EXTENSIONS).escapeHtml(true).build();
            h.append("<div class=\"markdown\">\n").append(renderer.render(parser.parse(m.markdown()))).append("</div>\n");
        }
    }

    private static String paragraph(Block.Paragraph p) {
        return switch (p.tone()) {
            case NORMAL -> "<p>" + esc(p.text()) + "</p>\n";
            case NOTE -> "<p class=\"note\">" + esc(p.text()) + "</p>\n";
            case WARNING -> "<p class=\"warning\">⚠ " + esc(p.text()) + "</p>\n";
            case STRONG -> "<p><strong>" + esc(p.text()) + "</strong></p>\n";
        };
    }

    /** A Findings item: one line (see {@link FindingSummary}), its whole text and link folded beneath. */
    private static String folded(Block.Item item, Map<String, String> titles) {
        String line = item(item, titles);
        String summary = FindingSummary.of(item.text());
        String open = item.tone() == Block.Tone.WARNING ? "<li class=\"warning\">" : "<li>";
        return open + "<details><summary>" + (item.tone() == Block.Tone.WARNING ? "⚠ " : "") + esc(summary) + "</summary>"
                + line.substring(open.length(), line.length() - "</li>\n".length()) + "</details></li>\n";
    }

    private static String item(Block.Item item, Map<String, String> titles) {
        String text = switch (item.tone()) {
            case NORMAL, NOTE -> esc(item.text());
            case WARNING -> "⚠ " + esc(item.text());
            case STRONG -> "<strong>" + esc(item.text()) + "</strong>";
        };
        String link = item.linkSection() != null && titles.containsKey(item.linkSection())
                ? " <a href=\"#" + esc(item.linkSection()) + "\">(" + esc(titles.get(item.linkSection())) + ")</a>" : "";
        return (item.tone() == Block.Tone.WARNING ? "<li class=\"warning\">" : "<li>") + text + link + "</li>\n";
    }

    private static void table(StringBuilder h, Table table, String role) {
        h.append("<div class=\"table\"><table").append(cssClass(role)).append(">\n<thead><tr>");
        table.header().forEach(c -> h.append("<th scope=\"col\">").append(esc(c)).append("</th>"));
        h.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : table.rows()) {
            h.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                h.append(table.numeric().get(i) ? "<td class=\"num\">" : "<td>").append(esc(row.get(i))).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody>\n</table></div>\n");
    }

    private static String cssClass(String role) {
        return role.isEmpty() ? "" : " class=\"" + esc(role) + "\"";
    }

    private static String esc(String text) {
        return Html.escape(text);
    }
}
