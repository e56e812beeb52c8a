package org.dbuslab.analysis.read;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Parses the data lines of a raw file one by one, streamed ({@link LineStream}). Shared so every raw file treats
 * blank lines, an interrupted writer's unfinished last line and unreadable rows the same way: a bad row is set
 * aside and counted, never the end of the file.
 */
public final class LineParser {

    private LineParser() {
    }

    /**
     * @param parser   turns one line into a value, or null for a line that is not data (a header); throws
     *                 IllegalArgumentException with a short reason
     * @param setAside receives each unreadable or over-long line; the caller words the warning
     * @param warnings receives a message for a truncated last line, which is skipped
     */
    public static <T> List<T> parse(Path file, Parser<T> parser, SetAsideRows setAside, Consumer<String> warnings) {
        String name = file.getFileName().toString();
        List<T> values = new ArrayList<>();
        LineStream.forEach(file, line -> {
            if (line.tooLong()) {
                setAside.add(line.number(), "longer than " + LineStream.MAX_LINE_CHARS + " characters");
                return;
            }
            if (line.text().isBlank()) {
                return;
            }
            try {
                T value = parser.parse(line.number(), line.text());
                if (value != null) {
                    values.add(value);
                }
            } catch (IllegalArgumentException e) {
                // Only an unfinished last line is the trace of an interruption; anything else is corrupt data.
                if (line.last() && !line.complete()) {
                    warnings.accept(name + " line " + line.number() + ": skipped truncated last line (" + e.getMessage()
                            + ")");
                } else {
                    setAside.add(line.number(), e.getMessage());
                }
            }
        });
        return values;
    }

    /** Turns line {@code number} into a value (see {@link #parse(Path, Parser, SetAsideRows, Consumer)}). */
    @FunctionalInterface
    public interface Parser<T> {
        T parse(int number, String text);
    }

    /** As {@link #parse(Path, Parser, SetAsideRows, Consumer)}, with the set-aside rows as one warning. */
    public static <T> List<T> parse(Path file, Function<String, T> parser, Consumer<String> warnings) {
        SetAsideRows setAside = new SetAsideRows(file.getFileName().toString());
        List<T> values = parse(file, (number, text) -> parser.apply(text), setAside, warnings);
        if (setAside.count() > 0) {
            warnings.accept(setAside.warning(values.size()));
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
