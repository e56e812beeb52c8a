package org.dbuslab.labio;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-connection cap and the process-wide budget that bound what incoming messages may hold. */
class IncomingMemoryTest {

    private static final int MIB = 1024 * 1024;

    @AfterEach
    void defaults() {
        IncomingMemory.limit(IncomingMemory.DEFAULT_MAX_MESSAGE_BYTES, IncomingMemory.DEFAULT_MAX_INCOMING_BYTES);
    }

    @Test
    void aMessageOverTheCapIsRefusedByItsClaimAlone() {
        IncomingMemory.limit(MIB, 8 * MIB);
        IncomingMemory.OverLimit e = assertThrows(IncomingMemory.OverLimit.class,
            () -> IncomingMemory.checkMessageLength(MIB + 1));
        assertTrue(e.getMessage().contains("over the limit of " + MIB + " bytes per connection"), e.getMessage());
    }

    @Test
    void theBudgetIsSharedAndGivenBack() throws Exception {
        IncomingMemory.limit(8 * MIB, 4 * MIB);
        long before = IncomingMemory.inUse();
        IncomingMemory.Share a = new IncomingMemory.Share();
        IncomingMemory.Share b = new IncomingMemory.Share();
        a.resize(3 * MIB + IncomingMemory.UNCOUNTED_BYTES);
        assertEquals(before + 3 * MIB, IncomingMemory.inUse());
        IncomingMemory.OverLimit e = assertThrows(IncomingMemory.OverLimit.class,
            () -> b.resize(2 * MIB + IncomingMemory.UNCOUNTED_BYTES));
        assertTrue(e.getMessage().contains("over the budget of " + 4 * MIB), e.getMessage());
        assertEquals(before + 3 * MIB, IncomingMemory.inUse(), "a refused growth must hold nothing");
        a.releaseAll();
        a.releaseAll(); // twice is harmless
        b.resize(2 * MIB + IncomingMemory.UNCOUNTED_BYTES);
        b.resize(IncomingMemory.UNCOUNTED_BYTES); // shrinking gives back
        assertEquals(before, IncomingMemory.inUse());
    }

    @Test
    void limitsMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> IncomingMemory.limit(0, 1));
        assertThrows(IllegalArgumentException.class, () -> IncomingMemory.limit(1, -1));
    }
}
