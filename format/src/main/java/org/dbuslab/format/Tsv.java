package org.dbuslab.format;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The tab-separated files of a results folder: one record per line, UTF-8, '\n'-terminated, fields free of tabs
 * and line breaks, '.' as the decimal separator whatever the locale. Each file's columns are defined in its own
 * class (PlanTsv, OrderTsv, ...); this is the shared mechanics.
 */
public final class Tsv {

    private Tsv() {
    }

    /** A text as one field: tabs and line breaks become spaces, so a reason or a message cannot break a row. */
    public static String field(String text) {
        return text == null ? "" : text.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }

    public static String join(Object... fields) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                line.append('\t');
            }
            line.append(field(String.valueOf(fields[i])));
        }
        return line.toString();
    }

    /** A decimal with the given digits after the point ('.' always); NaN and infinities become the empty field. */
    public static String decimal(double value, int digits) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%." + digits + "f", value) : "";
    }

    /** Splits a line into exactly {@code columns} fields (trailing empty fields kept). */
    public static String[] split(String file, int lineNumber, String line, int columns) {
        String[] fields = line.split("\t", -1);
        if (fields.length != columns) {
            throw new FormatException(file, lineNumber,
                    "expected " + columns + " tab-separated fields, found " + fields.length);
        }
        return fields;
    }

    /** A whole-number field ({@link WholeNumber}): a line that is not one fails with the file and line. */
    public static long longValue(String file, int lineNumber, String column, String value, long min) {
        try {
            return WholeNumber.parse(column, value, min);
        } catch (IllegalArgumentException e) {
            throw new FormatException(file, lineNumber, e.getMessage());
        }
    }

    public static int intValue(String file, int lineNumber, String column, String value, int min) {
        try {
            return WholeNumber.parseInt(column, value, min);
        } catch (IllegalArgumentException e) {
            throw new FormatException(file, lineNumber, e.getMessage());
        }
    }

    /** A decimal, or NaN for the empty field. */
    public static double decimalValue(String file, int lineNumber, String column, String value) {
        if (value.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new FormatException(file, lineNumber, column + " is not a number: '" + value + "'");
        }
    }

    public static boolean booleanValue(String file, int lineNumber, String column, String value) {
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new FormatException(file, lineNumber, column + " must be true or false, found '" + value + "'");
        };
    }

    /** Checks the header line of a file that has one. */
    public static void expectHeader(String file, List<String> lines, String header) {
        if (lines.isEmpty()) {
            throw new FormatException(file, 1, "missing header line");
        }
        if (!lines.get(0).equals(header)) {
            throw new FormatException(file, 1, "unexpected header '" + lines.get(0) + "', expected '" + header + "'");
        }
    }

    /** The non-blank lines from {@code first} (0-based) on, with their 1-based line numbers. */
    public static List<NumberedLine> records(List<String> lines, int first) {
        List<NumberedLine> out = new ArrayList<>();
        for (int i = first; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                out.add(new NumberedLine(i + 1, lines.get(i)));
            }
        }
        return out;
    }

    /** One line of a file and where it was. */
    public record NumberedLine(int number, String text) {
    }

    public static List<String> readLines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Replaces the file as a whole (temp file + rename): a reader never sees half of it. */
    public static void writeAtomically(Path file, List<String> lines) {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        try {
            Files.write(tmp, lines, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Appends lines and closes the file again, so what is written survives the session being killed. */
    public static void append(Path file, List<String> lines) {
        try {
            Files.write(file, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file + ": " + e.getMessage(), e);
        }
    }

    /** Creates the file with just its header unless it exists already. */
    public static void createWithHeader(Path file, String header) {
        if (!Files.exists(file)) {
            writeAtomically(file, List.of(header));
        }
    }
}
