package org.dbuslab.analysis.report;

import org.dbuslab.analysis.model.calls.MatrixRunLength;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PrecisionViewRunLengthTest {

    @Test
    void saysPerPlacementHowLongTheRunsLastedAgainstRunMs() {
        String text = PrecisionView.runLength(List.of(new MatrixRunLength("one-cpu", 860, 32.3, 50),
            new MatrixRunLength("cross", 860, 45.8, 50)));
        assertTrue(text.startsWith("Run length: the matrix's median measured run lasted 32.3 ms in one-cpu (860 runs; "
            + "0.65× the target, outside ±20 %), 45.8 ms in cross (860 runs; 0.92× the target, within ±20 %), against "
            + "--run-ms 50."), text);
    }

    @Test
    void withoutRunMsGivesTheMediansAlone() {
        String text = PrecisionView.runLength(List.of(new MatrixRunLength("free", 31, 948.8, Double.NaN)));
        assertEquals("Run length: the matrix's median measured run lasted 948.8 ms in free (31 runs); the "
            + "session recorded no --run-ms (calls per run fixed, or an older folder).", text);
    }
}
