package org.dbuslab.analysis;

import org.dbuslab.analysis.read.ResultsFolderReader;

import org.dbuslab.format.NotesTsv;
import org.dbuslab.format.OrderTsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A folder whose runner noted that its blocks began but never that they ended: incomplete, and up to which block. */
class SessionCompletenessTest {

    @TempDir
    Path dir;

    /** runs.csv with blocks 1 (warm-up) to 4, ten runs each; order.tsv with blocks 1 to STARTED. */
    private List<String> warnings(int started, String... outcomes) throws java.io.IOException {
        java.nio.file.Files.deleteIfExists(dir.resolve(NotesTsv.FORMAT.fileName()));
        SyntheticSession.writeBlocks(dir, 3, 3, SyntheticSession.blockCells());
        List<OrderTsv.Row> order = new ArrayList<>();
        for (int block = 1; block <= started; block++) {
            for (int position = 1; position <= SyntheticSession.blockCells().size(); position++) {
                order.add(new OrderTsv.Row(block, position, "java", "matrix", "dbus-java>dbus-java", "dbus-daemon", "sync",
                    1000, 1, 1000, 1, 0, 1, "interleaved", 1, "all"));
            }
        }
        OrderTsv.FORMAT.write(dir, order);
        for (String outcome : outcomes) {
            NotesTsv.FORMAT.append(dir, new NotesTsv.Row(NotesTsv.SESSION, outcome, "text"));
        }
        return ResultsFolderReader.read(dir).warnings();
    }

    @Test
    void aKilledSessionNamesItsLastCompleteBlock() throws Exception {
        List<String> warnings = warnings(5, NotesTsv.STARTED);
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("session incomplete: "), warnings.get(0));
        assertTrue(warnings.get(0).contains("the last complete block is 4 (5 started)"), warnings.get(0));
    }

    @Test
    void aBlockWhoseRunsAreAllWrittenIsComplete() throws Exception {
        assertTrue(warnings(4, NotesTsv.STARTED).get(0).contains("the last complete block is 4 (4 started)"));
    }

    @Test
    void aCompleteSessionAndAnOlderFolderSayNothing() throws Exception {
        assertEquals(List.of(), warnings(4, NotesTsv.STARTED, NotesTsv.COMPLETE));
        assertEquals(List.of(), warnings(4));
    }
}
