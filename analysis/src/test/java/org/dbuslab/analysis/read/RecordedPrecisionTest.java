package org.dbuslab.analysis.read;

import org.dbuslab.format.PrecisionTsv;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A matrix cell is one cell per placement: precision.tsv's line of each is its own (a session showed cross's ✗ as ✓). */
public class RecordedPrecisionTest {

    private static PrecisionTsv.Row cell(double halfWidth, boolean met, String placement) {
        return new PrecisionTsv.Row("cell", "p2p-tcp", "sync", 10000, 1, CellKey.SUBJECT_PAIR, "matrix", "", "", 51,
                halfWidth, 3, met, met ? 39 : 0, placement);
    }

    private static ResultsFolder folder(List<PrecisionTsv.Row> rows) {
        return new ResultsFolder(Path.of("."), null, List.of(), List.of(), Optional.empty(), null, List.of(), List.of(),
                Optional.of(rows));
    }

    private static CellKey key(String placement) {
        return new CellKey("p2p-tcp", "sync", 10000, 1, 0, CellKey.SUBJECT_PAIR, "matrix", "echo", placement);
    }

    @Test
    public void eachPlacementGetsItsOwnLine() {
        ResultsFolder folder = folder(List.of(cell(2.5, true, "one-cpu"), cell(7.7, false, "cross")));
        assertTrue(folder.recordedPrecision(key("one-cpu")).orElseThrow().met());
        PrecisionTsv.Row cross = folder.recordedPrecision(key("cross")).orElseThrow();
        assertFalse(cross.met());
        assertEquals(7.7, cross.halfWidthPct());
        assertTrue(folder.recordedPrecision(key("free")).isEmpty());
    }

    @Test
    public void anOlderFileWithoutPlacementsStillMatches() {
        ResultsFolder folder = folder(List.of(cell(2.5, true, "")));
        assertTrue(folder.recordedPrecision(key("free")).orElseThrow().met());
    }
}
