package org.dbuslab.analysis.doc;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** report.md: the document as GitHub-flavoured Markdown. Charts are only named; report.html draws them. */
public final class MarkdownRenderer {

    private MarkdownRenderer() {
    }

    public static String render(Document document) {
        Map<String, String> titles = new HashMap<>();
        document.sections().forEach(s -> collectTitles(s, titles));
        StringBuilder md = new StringBuilder();
        md.append("# ").append(escape(document.title())).append("\n\n").append(escape(document.subtitle())).append("\n\n");
        document.sections().forEach(s -> section(md, s, 2, titles));
        return md.toString().stripTrailing() + "\n";
    }

    private static void collectTitles(Section section, Map<String, String> titles) {
        titles.put(section.id(), section.title());
        section.subsections().forEach(s -> collectTitles(s, titles));
    }

    private static void section(StringBuilder md, Section section, int level, Map<String, String> titles) {
        md.append("#".repeat(level)).append(' ').append(escape(section.title())).append("\n\n");
        section.blocks().forEach(b -> block(md, b, titles));
        section.subsections().forEach(s -> section(md, s, level + 1, titles));
    }

    private static void block(StringBuilder md, Block block, Map<String, String> titles) {
        if (block instanceof Block.Paragraph p) {
            md.append(tone(escape(p.text()), p.tone())).append("\n\n");
        } else if (block instanceof Block.Bullets list) {
            list.items().forEach(item -> md.append("- ").append(tone(escape(item.text()), item.tone()))
                    .append(link(item, titles)).append('\n'));
            md.append('\n');
        } else if (block instanceof Block.TableBlock t) {
            table(md, t.table());
        } else if (block instanceof Block.Charts charts) {
            md.append("*Chart").append(charts.figures().size() > 1 ? "s" : "").append(" in report.html: ")
                    .append(charts.figures().stream().map(f -> escape(f.title())).collect(Collectors.joining("; "))).append(".*\n\n");
        } else if (block instanceof Block.Markdown m) {
            md.append(m.markdown().strip()).append("\n\n");
        }
    }

    private static String tone(String text, Block.Tone tone) {
        return switch (tone) {
            case NORMAL, NOTE -> text;
            case WARNING -> "**⚠ " + text + "**";
            case STRONG -> "**" + text + "**";
        };
    }

    private static String link(Block.Item item, Map<String, String> titles) {
        if (item.linkSection() == null || !titles.containsKey(item.linkSection())) {
            return "";
        }
        String title = titles.get(item.linkSection());
        return " ([" + escape(title) + "](#" + slug(title) + "))";
    }

    /** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
    static String slug(String title) {
        return title.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    public static void table(StringBuilder md, Table table) {
        md.append("| ").append(table.header().stream().map(MarkdownRenderer::cell).collect(Collectors.joining(" | "))).append(" |\n|");
        table.numeric().forEach(numeric -> md.append(numeric ? "--:|" : "---|"));
        md.append('\n');
        table.rows().forEach(row -> md.append("| ").append(row.stream().map(MarkdownRenderer::cell)
                .collect(Collectors.joining(" | "))).append(" |\n"));
        md.append('\n');
    }

    private static String cell(String text) {
        return escape(text).replace("|", "\\|");
    }

    /**
     * Keeps text from the results folder (names, reasons) from turning into Markdown markup. Underscores
     * stay: inside words (started_utc) they are not emphasis in CommonMark; so does a "<" that cannot
     * open an HTML tag, such as "p < 0.05".
     */
    public static String escape(String text) {
        return text.replace("\\", "\\\\").replace("*", "\\*").replaceAll("<(?=[A-Za-z/!?])", "&lt;");
    }

    /** Bullet lines of escaped text, for other Markdown reports (compare). */
    public static void bullets(StringBuilder md, List<String> lines) {
        lines.forEach(l -> md.append("- ").append(escape(l)).append('\n'));
    }
}
