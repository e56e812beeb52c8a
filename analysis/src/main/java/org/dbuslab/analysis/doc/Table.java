package org.dbuslab.analysis.doc;

import java.util.List;

/**
 * A table of report text, independent of the output format, so report.md and report.html show the same
 * numbers in the same words.
 *
 * @param numeric per column: right-aligned numbers (true) or left-aligned text
 */
public record Table(List<String> header, List<Boolean> numeric, List<List<String>> rows) {

    public Table {
        header = List.copyOf(header);
        numeric = List.copyOf(numeric);
        rows = rows.stream().map(List::copyOf).toList();
        int columns = header.size();
        if (numeric.size() != columns || rows.stream().anyMatch(r -> r.size() != columns)) {
            throw new IllegalArgumentException("every row needs one value per column");
        }
    }
}
