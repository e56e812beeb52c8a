package org.dbuslab.analysis.scenarios;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A raw scenario CSV (header + rows, RFC 4180 quoting) read as rows of column name → text. Missing file: no rows. */
final class ScenarioTable {

    private final List<Map<String, String>> rows;

    private ScenarioTable(List<Map<String, String>> rows) {
        this.rows = rows;
    }

    static ScenarioTable read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return new ScenarioTable(List.of());
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            return new ScenarioTable(List.of());
        }
        List<String> header = split(lines.get(0));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            List<String> fields = split(line);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), i < fields.size() ? fields.get(i) : "");
            }
            rows.add(row);
        }
        return new ScenarioTable(rows);
    }

    List<Map<String, String>> rows() {
        return rows;
    }

    static Optional<Double> number(Map<String, String> row, String column) {
        String text = row.getOrDefault(column, "");
        try {
            return text.isEmpty() ? Optional.empty() : Optional.of(Double.parseDouble(text));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    static List<String> split(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }
}
