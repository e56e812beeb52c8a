package org.dbuslab.client.run;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

class PayloadRingsTest {

    @Test
    void aSizeKeepsItsArraysFromRunToRunAndGrowsForAWiderWindow() {
        PayloadRings rings = new PayloadRings();
        PayloadRings.Ring sync = rings.forRun(10_000, 1);
        byte[] first = sync.slot(0);
        assertSame(first, sync.slot(1), "window 1: one array for every call");
        assertSame(sync, rings.forRun(10_000, 1), "the next run of the size gets the same ring");
        PayloadRings.Ring other = rings.forRun(1000, 1);
        assertNotSame(sync, other);
        assertEquals(1000, other.slot(0).length);
        assertSame(sync, rings.forRun(10_000, 1), "another size in between does not drop it");

        PayloadRings.Ring wide = rings.forRun(10_000, 128);
        assertEquals(128, wide.capacity());
        assertNotSame(wide.slot(0), wide.slot(1));
        assertSame(wide.slot(3), wide.slot(3 + 128));
        assertSame(wide, rings.forRun(10_000, 4), "a narrower window fits the wider ring");
    }

    @Test
    void aRetiredSlotGetsANewArray() {
        PayloadRings.Ring ring = new PayloadRings().forRun(100, 4);
        byte[] lost = ring.slot(6);
        ring.retire(6);
        assertNotSame(lost, ring.slot(6));
        assertSame(ring.slot(6), ring.slot(2));
        assertEquals(100, ring.slot(6).length);
    }

    @Test
    void aClientKeepsAtMostTheLimitOverAllItsSizes() {
        PayloadRings rings = new PayloadRings();
        PayloadRings.Ring small = rings.forRun(1000, 128);
        PayloadRings.Ring big = rings.forRun(1 << 20, 40);
        assertSame(small, rings.forRun(1000, 128), "40 MiB and 125 kB fit together");
        PayloadRings.Ring bigger = rings.forRun(2 << 20, 20);
        assertNotSame(big, rings.forRun(1 << 20, 40), "40 + 40 MiB do not: the older rings were dropped");
        assertNotSame(bigger, rings.forRun(2 << 20, 20));
    }

    @Test
    void tooManyBytesMakeArraysAfresh() {
        PayloadRings.Ring fresh = new PayloadRings().forRun(1 << 20, 65);
        assertEquals(0, fresh.capacity(), "no arrays kept");
        PayloadGenerator payloads = new PayloadGenerator(1 << 20, 1);
        assertNotSame(fresh.payload(payloads, 0), fresh.payload(payloads, 65), "a fresh array per call");
        fresh.retire(3);
        assertEquals(64, new PayloadRings().forRun(1 << 20, 64).capacity());
    }
}
