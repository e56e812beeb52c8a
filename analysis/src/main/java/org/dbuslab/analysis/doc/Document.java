package org.dbuslab.analysis.doc;

import java.util.List;

/**
 * The human report, built once and rendered by {@link MarkdownRenderer} and {@link HtmlRenderer}.
 *
 * @param title     the page title and heading
 * @param subtitle  the line under the title (e.g. which folder, which machine)
 * @param sections  the top-level sections in reading order
 */
public record Document(String title, String subtitle, String pageTitle, List<Section> sections) {

    public Document {
        sections = List.copyOf(sections);
    }
}
