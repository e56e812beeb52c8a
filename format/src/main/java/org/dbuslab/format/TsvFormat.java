package org.dbuslab.format;

import java.nio.file.Path;
import java.util.List;

/**
 * One tab-separated results file: its name, its columns (and whether a header line names them), and how one
 * row becomes a line and back. Writing and parsing are the same for every such file, and live here.
 *
 * @param <R> the row record
 */
public abstract class TsvFormat<R> {

    private final String fileName;
    private final List<String> columns;
    private final boolean header;
    private final int olderColumns;

    protected TsvFormat(String fileName, List<String> columns, boolean header) {
        this(fileName, columns, header, columns.size());
    }

    /**
     * @param olderColumns how many of the columns files written before the last ones were added have: such files
     *                     still read, their missing fields empty
     */
    protected TsvFormat(String fileName, List<String> columns, boolean header, int olderColumns) {
        if (olderColumns < 1 || olderColumns > columns.size()) {
            throw new IllegalArgumentException("olderColumns " + olderColumns);
        }
        this.fileName = fileName;
        this.columns = List.copyOf(columns);
        this.header = header;
        this.olderColumns = olderColumns;
    }

    public final String fileName() {
        return fileName;
    }

    public final List<String> columns() {
        return columns;
    }

    public final boolean hasHeader() {
        return header;
    }

    /** The header line (the column names joined with tabs), also for files that are written without one. */
    public final String headerLine() {
        return String.join("\t", columns);
    }

    /** The row's fields, in column order. */
    protected abstract Object[] fields(R row);

    /** The row from its fields (exactly one per column); throws FormatException for a bad value. */
    protected abstract R row(Fields fields);

    public final String line(R row) {
        Object[] fields = fields(row);
        if (fields.length != columns.size()) {
            throw new IllegalStateException(fileName + ": " + fields.length + " fields for " + columns.size() + " columns");
        }
        return Tsv.join(fields);
    }

    /** The whole file's lines: the header (when the format has one), then one line per row. */
    public final List<String> lines(List<R> rows) {
        var out = new java.util.ArrayList<String>(rows.size() + 1);
        if (header) {
            out.add(headerLine());
        }
        rows.forEach(row -> out.add(line(row)));
        return out;
    }

    /** Writes {@code dir/fileName} as a whole (atomically). */
    public final Path write(Path dir, List<R> rows) {
        Path file = dir.resolve(fileName);
        Tsv.writeAtomically(file, lines(rows));
        return file;
    }

    /** Creates {@code dir/fileName} (with its header, if any) when it does not exist yet. */
    public final Path create(Path dir) {
        Path file = dir.resolve(fileName);
        if (header) {
            Tsv.createWithHeader(file, headerLine());
        } else {
            Tsv.append(file, List.of());
        }
        return file;
    }

    /** Appends rows to {@code dir/fileName}, creating it (with its header) first if needed. */
    public final void append(Path dir, List<R> rows) {
        Path file = create(dir);
        Tsv.append(file, rows.stream().map(this::line).toList());
    }

    public final void append(Path dir, R row) {
        append(dir, List.of(row));
    }

    /** Parses a whole file's lines (an older file's too, see olderColumns); blank lines are ignored. */
    public final List<R> parse(List<String> lines) {
        int width = columns.size();
        if (header) {
            String older = String.join("\t", columns.subList(0, olderColumns));
            if (olderColumns < width && !lines.isEmpty() && lines.get(0).equals(older)) {
                width = olderColumns;
            } else {
                Tsv.expectHeader(fileName, lines, headerLine());
            }
        }
        int fileWidth = width;
        return Tsv.records(lines, header ? 1 : 0).stream()
                .map(l -> row(new Fields(fileName, l.number(), columns, fields(l, fileWidth))))
                .toList();
    }

    /**
     * One line's fields, padded with empty ones to every column when it has an older file's count (a file without a
     * header: any count from olderColumns up, as each added column made another older width).
     */
    private String[] fields(Tsv.NumberedLine l, int width) {
        int count = l.text().split("\t", -1).length;
        boolean older = !header && olderColumns < width && count >= olderColumns && count < width;
        String[] f = Tsv.split(fileName, l.number(), l.text(), older ? count : width);
        return f.length == columns.size() ? f : java.util.Arrays.copyOf(f, columns.size(), String[].class);
    }

    public final List<R> read(Path dir) {
        return parse(Tsv.readLines(dir.resolve(fileName)));
    }

    /** The fields of one line, read by column index with the file and line named in every error. */
    public static final class Fields {
        private final String file;
        private final int line;
        private final List<String> columns;
        private final String[] values;

        Fields(String file, int line, List<String> columns, String[] values) {
            this.file = file;
            this.line = line;
            this.columns = columns;
            this.values = values;
        }

        /** The field, empty when the file is older than its column. */
        public String text(int i) {
            return values[i] == null ? "" : values[i];
        }

        /** A field that must not be empty. */
        public String required(int i) {
            if (text(i).isEmpty()) {
                throw new FormatException(file, line, columns.get(i) + " must not be empty");
            }
            return values[i];
        }

        public int integer(int i, int min) {
            return Tsv.intValue(file, line, columns.get(i), values[i], min);
        }

        public long longValue(int i, long min) {
            return Tsv.longValue(file, line, columns.get(i), values[i], min);
        }

        public double decimal(int i) {
            return Tsv.decimalValue(file, line, columns.get(i), values[i]);
        }

        public boolean bool(int i) {
            return Tsv.booleanValue(file, line, columns.get(i), values[i]);
        }

        public FormatException error(String problem) {
            return new FormatException(file, line, problem);
        }
    }
}
