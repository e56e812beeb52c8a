package org.dbuslab.analysis.read;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Parses the data lines of a raw file one by one. Shared so every raw file treats blank lines and an
 * interrupted writer's unfinished last line the same way.
 */
public final class LineParser {

    private LineParser() {
    }

    /**
     * @param parser   turns one line into a value; throws IllegalArgumentException with a short reason
     * @param warnings receives a message for a truncated last line, which is skipped instead of failing
     */
    public static <T> List<T> parse(TextFile file, int fromLine, Function<String, T> parser, Consumer<String> warnings) {
        List<T> values = new ArrayList<>();
        for (int number = fromLine; number <= file.lines().size(); number++) {
            String line = file.line(number);
            if (line.isBlank()) {
                continue;
            }
            try {
                values.add(parser.apply(line));
            } catch (IllegalArgumentException e) {
                // Only an unfinished last line is the trace of an interruption; anything else is corrupt data.
                if (file.isLast(number) && !file.lastLineComplete()) {
                    warnings.accept(file.name() + " line " + number + ": skipped truncated last line (" + e.getMessage() + ")");
                } else {
                    throw ResultsInputException.at(file.name(), number, e.getMessage());
                }
            }
        }
        return values;
    }

    /** Fields of a delimited line, stripped of surrounding blanks; empty fields are kept. */
    public static String[] split(String line, String delimiter) {
        String[] fields = line.split(delimiter, -1);
        for (int i = 0; i < fields.length; i++) {
            fields[i] = fields[i].strip();
        }
        return fields;
    }
}
