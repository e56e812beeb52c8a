package org.dbuslab.format;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JitBusyTest {

    @Test
    void aRunIsBusyAboveATenthOfItsTimeCompiling() {
        assertTrue(JitBusy.busy(6, 50_000_000));
        assertFalse(JitBusy.busy(5, 50_000_000), "exactly a tenth is not above it");
        assertFalse(JitBusy.busy(0, 50_000_000));
    }

    @Test
    void anUnknownJitOrAnEmptyRunIsNeverBusy() {
        assertFalse(JitBusy.busy(-1, 50_000_000));
        assertFalse(JitBusy.busy(40, 0));
    }

    @Test
    void theRedonePhaseReadsBackAndNothingElseIsTaken() {
        assertEquals(Phase.REDONE, Phase.parse(Phase.REDONE.label()));
        assertEquals("redone", Phase.REDONE.label());
        assertEquals("phase must be 'warmup', 'measure' or 'redone', not 'again'",
            assertThrows(IllegalArgumentException.class, () -> Phase.parse("again")).getMessage());
    }
}
