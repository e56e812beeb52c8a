package org.dbuslab.analysis.doc;

import java.util.List;

/** One piece of a report section. Content only: how it looks is the renderers' business. */
public sealed interface Block {

    /** How a paragraph or list reads: ordinary text, a quieter note, a loud warning, or bold. */
    enum Tone { NORMAL, NOTE, WARNING, STRONG }

    record Paragraph(String text, Tone tone) implements Block {
    }

    /** A list item, optionally pointing at the section that backs it up. */
    record Item(String text, String linkSection, Tone tone) {

        public static Item of(String text) {
            return new Item(text, null, Tone.NORMAL);
        }
    }

    /** @param role a name for the list's purpose ("verdicts", "findings"); the HTML class */
    record Bullets(List<Item> items, String role) implements Block {

        /** The role of the Findings list: report.html shows its items one line each, their whole text folded. */
        public static final String FINDINGS = "findings";

        public Bullets {
            items = List.copyOf(items);
        }

        public static Bullets of(List<String> lines) {
            return new Bullets(lines.stream().map(Item::of).toList(), "");
        }
    }

    /** @param role a name for the table's purpose ("headline", "details", "warnings"); the HTML class */
    record TableBlock(Table table, String role) implements Block {
    }

    /** Charts side by side; report.md names them, report.html draws them. */
    record Charts(List<Figure> figures) implements Block {

        public Charts {
            figures = List.copyOf(figures);
        }
    }

    /** A whole sub-report already written as Markdown (the scenarios): report.html converts it. */
    record Markdown(String markdown) implements Block {
    }

    static Paragraph text(String text) {
        return new Paragraph(text, Tone.NORMAL);
    }

    static Paragraph note(String text) {
        return new Paragraph(text, Tone.NOTE);
    }
}
