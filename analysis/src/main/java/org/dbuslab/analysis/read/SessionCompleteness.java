package org.dbuslab.analysis.read;

import org.dbuslab.format.Phase;
import org.dbuslab.format.NotesTsv;
import org.dbuslab.format.OrderTsv;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether the session that wrote a folder ran to its end: the runner notes {@code session / started} when its blocks
 * begin and {@code session / complete} when they end (notes.tsv). A folder with the first and not the second was
 * left by a killed runner or a full disk; its rows are sound, and the warning names the last block whose runs are
 * all in runs.csv (order.tsv lists each block's runs as it starts). Older folders have neither note: nothing said.
 */
final class SessionCompleteness {

    private SessionCompleteness() {
    }

    static Optional<String> warning(Path dir, List<Note> notes, List<RunRecord> runs) {
        boolean started = has(notes, NotesTsv.STARTED);
        if (!started || has(notes, NotesTsv.COMPLETE)) {
            return Optional.empty();
        }
        List<OrderTsv.Row> order;
        try {
            order = Files.isRegularFile(dir.resolve(OrderTsv.FORMAT.fileName())) ? OrderTsv.FORMAT.read(dir) : List.of();
        } catch (RuntimeException e) {
            order = List.of();
        }
        int lastStarted = order.stream().mapToInt(OrderTsv.Row::round).max().orElse(0);
        return Optional.of("session incomplete: the runner stopped before its blocks ended (killed, or out of space)"
            + "; " + lastComplete(order, runs, lastStarted) + "; the rows in runs.csv are reported");
    }

    /** The last started block if all its runs are in runs.csv, else the one before it. */
    private static String lastComplete(List<OrderTsv.Row> order, List<RunRecord> runs, int lastStarted) {
        if (lastStarted == 0) {
            return "no block was started";
        }
        long planned = order.stream().filter(r -> r.round() == lastStarted).count();
        // order.tsv does not list the runs made again (phase redone)
        long made = runs.stream().filter(r -> Objects.equals(r.block(), lastStarted) && r.phase() != Phase.REDONE).count();
        int complete = made >= planned ? lastStarted : lastStarted - 1;
        return complete == 0 ? "no block was completed" : "the last complete block is " + complete
            + " (" + lastStarted + " started)";
    }

    private static boolean has(List<Note> notes, String outcome) {
        return notes.stream().anyMatch(n -> n.topic().equals(NotesTsv.SESSION) && n.outcome().equals(outcome));
    }
}
