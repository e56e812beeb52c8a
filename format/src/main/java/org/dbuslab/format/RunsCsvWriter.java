package org.dbuslab.format;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends rows to a runs.csv and forces each one to disk (DSYNC) before {@link #append} returns, so an interrupted
 * session keeps every run it finished. The header is written when the file is new or empty; a file that already has
 * a different header is refused rather than mixed.
 */
public final class RunsCsvWriter {

    private final Path file;
    private final int width;
    private final String header;
    private boolean headerChecked;

    /** @param width how many of {@link RunsCsv#COLUMNS} the file has (from the client's 16 to all of them) */
    public RunsCsvWriter(Path file, int width) {
        if (width < RunsCsv.CLIENT_COLUMNS.size() || width > RunsCsv.COLUMNS.size()) {
            throw new IllegalArgumentException("runs.csv has " + RunsCsv.CLIENT_COLUMNS.size() + " to "
                + RunsCsv.COLUMNS.size() + " columns, not " + width);
        }
        this.file = file;
        this.width = width;
        this.header = RunsCsv.header(RunsCsv.COLUMNS.subList(0, width));
    }

    /** A client's --csv: the {@link RunsCsv#CLIENT_COLUMNS}. */
    public static RunsCsvWriter client(Path file) {
        return new RunsCsvWriter(file, RunsCsv.CLIENT_COLUMNS.size());
    }

    /** A session's runs.csv: every column. */
    public static RunsCsvWriter session(Path file) {
        return new RunsCsvWriter(file, RunsCsv.COLUMNS.size());
    }

    public Path file() {
        return file;
    }

    /**
     * @throws IllegalArgumentException when a text value would break the CSV (nothing is written then)
     * @throws UncheckedIOException     when the file cannot be written, or has another header
     */
    public void append(RunsCsvRow row) {
        String line = RunsCsv.format(row, width) + "\n";
        try {
            boolean fresh = !Files.exists(file) || Files.size(file) == 0;
            if (!fresh && !headerChecked) {
                checkHeader();
            }
            headerChecked = true;
            Files.writeString(file, fresh ? header + "\n" + line : line, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE,
                StandardOpenOption.DSYNC);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file + ": " + e.getMessage(), e);
        }
    }

    private void checkHeader() throws IOException {
        String first;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            first = in.readLine();
        }
        if (!header.equals(first == null ? "" : first.strip())) {
            throw new IOException("its header is not the expected " + width + " columns " + header);
        }
    }
}
