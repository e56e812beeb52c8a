package org.dbuslab.analysis.read;

import org.dbuslab.format.FormatException;
import org.dbuslab.format.PlanTsv;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads plan.tsv through its one definition, {@link PlanTsv}, line by line, so a malformed line is set aside with a
 * warning rather than failing the file. Of its columns the analysis needs the cell's key (placement included, when
 * the file has it), runs and warm-up runs: runs already counts a rotated cell's blocks, and where a path's route runs
 * does not change the key. The format names no header; one starting with "transport" is tolerated so a labelled
 * plan still reads.
 */
public final class PlanReader {

    public static final String FILE = PlanTsv.FORMAT.fileName();

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
        PlanTsv.Row r;
        try {
            r = PlanTsv.FORMAT.parse(List.of(line)).get(0);
        } catch (FormatException e) {
            throw new IllegalArgumentException(e.problem(), e); // LineParser names the file and the line
        }
        CellKey key = new CellKey(r.transport(), r.mode(), r.payloadBytes(), r.window(), r.calls());
        boolean placed = !r.placement().isEmpty();
        return new PlannedCell(placed ? key.withPlacement(r.placement()) : key, r.runs(), r.warmupRuns(), placed);
    }
}
