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

    protected TsvFormat(String fileName, List<String> columns, boolean header) {
        this.fileName = fileName;
        this.columns = List.copyOf(columns);
        this.header = header;
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

    /** Parses a whole file's lines; blank lines are ignored. */
    public final List<R> parse(List<String> lines) {
        if (header) {
            Tsv.expectHeader(fileName, lines, headerLine());
        }
        return Tsv.records(lines, header ? 1 : 0).stream()
                .map(l -> row(new Fields(fileName, l.number(), columns, Tsv.split(fileName, l.number(), l.text(), columns.size()))))
                .toList();
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

        public String text(int i) {
            return values[i];
        }

        /** A field that must not be empty. */
        public String required(int i) {
            if (values[i].isEmpty()) {
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
