package org.dbuslab.labio.frame;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LabSerialsTest {

    @Test
    void startsAboveDbusJavasCounterAndWrapsBeforeTwoToThe32() {
        LabSerials serials = new LabSerials(LabSerials.LAST - 1);

        assertEquals(LabSerials.LAST - 1, serials.next());
        assertEquals(LabSerials.LAST, serials.next());
        assertEquals(LabSerials.FIRST, serials.next());
        assertEquals(1L << 31, new LabSerials().next());
    }
}
