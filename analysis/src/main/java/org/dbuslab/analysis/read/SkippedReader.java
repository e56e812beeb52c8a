package org.dbuslab.analysis.read;

import org.dbuslab.format.SkippedTsv;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/** Reads skipped.tsv: {@code transport<TAB>reason} per line, no header. */
public final class SkippedReader {

    public static final String FILE = SkippedTsv.FORMAT.fileName();

    private SkippedReader() {
    }

    public static List<SkippedTransport> read(Path file, Consumer<String> warnings) {
        return LineParser.parse(file, SkippedReader::entry, warnings);
    }

    private static SkippedTransport entry(String line) {
        int tab = line.indexOf('\t');
        if (tab < 0) {
            throw new IllegalArgumentException("expected transport<TAB>reason, found no tab");
        }
        String transport = line.substring(0, tab).strip();
        String reason = line.substring(tab + 1).strip();
        if (transport.isEmpty()) {
            throw new IllegalArgumentException("transport is empty");
        }
        return new SkippedTransport(transport, reason.isEmpty() ? "no reason given" : reason);
    }
}
