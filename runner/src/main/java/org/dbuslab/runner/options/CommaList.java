package org.dbuslab.runner.options;

import java.util.List;

/**
 * A comma-separated option value, deduplicated in order. A record rather than a List so that picocli treats the
 * option as single-valued: the last --sizes wins instead of adding up.
 */
record CommaList<T>(List<T> items) {

    CommaList {
        items = List.copyOf(items);
    }
}
