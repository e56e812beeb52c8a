package org.dbuslab.analysis.read;

import org.dbuslab.format.PlanTsv;
import org.dbuslab.format.WholeNumber;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads plan.tsv ({@link PlanTsv}): {@code transport<TAB>mode<TAB>payload_bytes<TAB>window<TAB>calls<TAB>runs<TAB>warmup_runs},
 * in newer files an 8th column, the cell's rotation group (not needed here: runs already counts its blocks), and
 * since 2026-12-06 a 9th and 10th, the placement (part of the key) and where a path's route runs (not needed here).
 * The format names no header; one starting with "transport" is tolerated so a labelled plan still reads.
 */
public final class PlanReader {

    public static final String FILE = PlanTsv.FORMAT.fileName();
    private static final int COLUMNS = 7;
    private static final int PLACED_COLUMNS = PlanTsv.FORMAT.columns().size();

    private PlanReader() {
    }

    public static List<PlannedCell> read(Path file, Consumer<String> warnings) {
        boolean[] first = {true};
        return LineParser.parse(file, line -> {
            boolean header = first[0] && line.startsWith("transport\t");
            first[0] = false;
            return header ? null : entry(line);
        }, warnings);
    }

    private static PlannedCell entry(String line) {
        String[] f = LineParser.split(line, "\t");
        if (f.length != COLUMNS && f.length != COLUMNS + 1 && f.length != PLACED_COLUMNS) {
            throw new IllegalArgumentException("expected " + COLUMNS + ", " + (COLUMNS + 1) + " or " + PLACED_COLUMNS
                    + " tab-separated fields, found " + f.length);
        }
        if (f[0].isEmpty() || f[1].isEmpty()) {
            throw new IllegalArgumentException("transport and mode must not be empty");
        }
        CellKey key = new CellKey(f[0], f[1],
                WholeNumber.parseInt("payload_bytes", f[2], 0),
                WholeNumber.parseInt("window", f[3], 1),
                WholeNumber.parseInt("calls", f[4], 1));
        boolean placed = f.length == PLACED_COLUMNS && !f[8].isEmpty();
        return new PlannedCell(placed ? key.withPlacement(f[8]) : key, WholeNumber.parseInt("runs", f[5], 0),
                WholeNumber.parseInt("warmup_runs", f[6], 0), placed);
    }
}
