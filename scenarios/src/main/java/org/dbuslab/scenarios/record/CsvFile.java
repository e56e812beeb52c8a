package org.dbuslab.scenarios.record;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Appends rows to a raw results CSV, writing the header first when the file is new or empty, so several
 * processes (one per bus, per strategy) can add to the same file one after another. Each row is one write and
 * is on disk when the call returns: an interrupted session keeps its completed rows.
 */
public final class CsvFile {

    private final Path file;
    private final List<String> header;

    public CsvFile(Path file, List<String> header) {
        this.file = file;
        this.header = List.copyOf(header);
    }

    public synchronized void append(List<?> values) {
        if (values.size() != header.size()) {
            throw new IllegalArgumentException("row has " + values.size() + " values, header " + header.size());
        }
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            StringBuilder text = new StringBuilder();
            if (!Files.exists(file) || Files.size(file) == 0) {
                text.append(String.join(",", header)).append('\n');
            }
            text.append(values.stream().map(CsvFile::field).collect(Collectors.joining(","))).append('\n');
            Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                StandardOpenOption.SYNC);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Numbers as Java prints them (never locale-dependent); text quoted only when it needs it. */
    static String field(Object value) {
        if (value == null) {
            return "";
        }
        String text = value instanceof Double d ? (d.isNaN() ? "" : Double.toString(d)) : value.toString();
        if (text.contains(",") || text.contains("\"") || text.contains("\n")) {
            return '"' + text.replace("\"", "\"\"") + '"';
        }
        return text;
    }
}
