package org.dbuslab.analysis.doc;

import java.util.ArrayList;
import java.util.List;

/**
 * A titled part of the report: blocks, then subsections one level down.
 *
 * @param id        the anchor findings and the table of contents link to
 * @param collapsed details a reader opens on demand (report.html: a closed {@code <details>})
 */
public record Section(String id, String title, boolean collapsed, List<Block> blocks, List<Section> subsections) {

    public Section {
        blocks = List.copyOf(blocks);
        subsections = List.copyOf(subsections);
    }

    public static Builder builder(String id, String title) {
        return new Builder(id, title);
    }

    /** Collects a section's blocks in reading order. */
    public static final class Builder {

        private final String id;
        private final String title;
        private boolean collapsed;
        private final List<Block> blocks = new ArrayList<>();
        private final List<Section> subsections = new ArrayList<>();

        private Builder(String id, String title) {
            this.id = id;
            this.title = title;
        }

        public Builder collapsed() {
            collapsed = true;
            return this;
        }

        public Builder add(Block block) {
            blocks.add(block);
            return this;
        }

        public Builder text(String text) {
            return add(Block.text(text));
        }

        public Builder note(String text) {
            return add(Block.note(text));
        }

        public Builder paragraph(String text, Block.Tone tone) {
            return add(new Block.Paragraph(text, tone));
        }

        /** A bulleted list; nothing when there are no lines. */
        public Builder bullets(List<String> lines) {
            return lines.isEmpty() ? this : add(Block.Bullets.of(lines));
        }

        /** A bulleted list, or "none". */
        public Builder bulletsOrNone(List<String> lines) {
            return lines.isEmpty() ? text("none") : bullets(lines);
        }

        public Builder table(Table table, String role) {
            return add(new Block.TableBlock(table, role));
        }

        /** Charts; nothing when there are none. */
        public Builder charts(List<Figure> figures) {
            return figures.isEmpty() ? this : add(new Block.Charts(figures));
        }

        public Builder subsection(Section section) {
            subsections.add(section);
            return this;
        }

        public Section build() {
            return new Section(id, title, collapsed, blocks, subsections);
        }
    }
}
