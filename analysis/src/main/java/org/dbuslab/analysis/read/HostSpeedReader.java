package org.dbuslab.analysis.read;

import org.dbuslab.format.FormatException;
import org.dbuslab.format.HostSpeedTsv;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Reads host-speed.tsv through its one definition, {@link HostSpeedTsv}, line by line, so a malformed line is set aside
 * with a warning rather than failing the file: a half that loses a reading that way is judged on what is left, and a
 * half with one end only is kept. A file that does not start with its header is not this file: it is ignored with a
 * warning, and no half is set aside.
 */
public final class HostSpeedReader {

    public static final String FILE = HostSpeedTsv.FORMAT.fileName();
    private static final String HEADER = HostSpeedTsv.FORMAT.headerLine();

    private HostSpeedReader() {
    }

    /** The readings; empty, with a warning, when the file has no header line or no sound row below it. */
    public static Optional<HostSpeedReadings> read(Path file, Consumer<String> warnings) {
        boolean[] first = {true};
        boolean[] headed = {false};
        SetAsideRows setAside = new SetAsideRows(FILE);
        List<HostSpeedTsv.Row> rows = LineParser.parse(file, (number, line) -> {
            if (first[0]) {
                first[0] = false;
                headed[0] = line.strip().equals(HEADER);
                if (headed[0]) {
                    return null;
                }
            }
            return headed[0] ? row(line) : null;
        }, setAside, warnings);
        if (!headed[0]) {
            warnings.accept(FILE + ": no header line '" + HEADER.replace('\t', ' ') + "' first, so not read: no half of a "
                    + "block is set aside for the host's speed");
            return Optional.empty();
        }
        if (setAside.count() > 0) {
            warnings.accept(setAside.warning(rows.size()));
        }
        // a file of bad rows only says nothing of the host: as if absent (its warning said why)
        return rows.isEmpty() && setAside.count() > 0 ? Optional.empty() : Optional.of(HostSpeedReadings.of(rows));
    }

    private static HostSpeedTsv.Row row(String line) {
        try {
            return HostSpeedTsv.FORMAT.parse(List.of(HEADER, line)).get(0);
        } catch (FormatException e) {
            throw new IllegalArgumentException(e.problem(), e); // LineParser names the file and the line
        }
    }
}
