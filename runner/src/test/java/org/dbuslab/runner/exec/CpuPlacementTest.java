package org.dbuslab.runner.exec;

import org.dbuslab.format.Placement;
import org.dbuslab.runner.exec.CpuPlacement.Role;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuPlacementTest {

    /** client, bus, server on a bus; p2p client, p2p server; extra. */
    private static String roles(String allowed, Placement p) {
        CpuPlacement cpus = new CpuPlacement(AllowedCpus.parse(allowed));
        return String.join(" ", cpus.cpus(p, Role.CLIENT, true).list(), cpus.cpus(p, Role.BUS, true).list(),
            cpus.cpus(p, Role.SERVER, true).list(), cpus.cpus(p, Role.CLIENT, false).list(),
            cpus.cpus(p, Role.SERVER, false).list(), cpus.cpus(p, Role.EXTRA, true).list());
    }

    @Test
    void oneCpuPutsEveryProcessOnTheFirstAllowedCpu() {
        assertEquals("0 0 0 0 0 0", roles("0", Placement.ONE_CPU));
        assertEquals("0 0 0 0 0 0", roles("0-1", Placement.ONE_CPU));
        assertEquals("2 2 2 2 2 2", roles("2,5", Placement.ONE_CPU));
    }

    @Test
    void crossOnTwoCpusGivesTheBusItsOwnCpuAndAP2pServerTheOther() {
        assertEquals("0 1 0 0 1 1", roles("0-1", Placement.CROSS));
        assertEquals("2 5 2 2 5 5", roles("2,5", Placement.CROSS), "the allowed CPUs, not 0 and 1");
    }

    @Test
    void crossOnThreeOrMoreCpusGivesEachProcessItsOwn() {
        assertEquals("0 1 2 0 2 1", roles("0-2", Placement.CROSS));
        assertEquals("4 5 6 4 6 5", roles("4-7", Placement.CROSS));
    }

    @Test
    void splitPutsTheClientApartFromBusAndServer() {
        assertEquals("0 1 1 0 1 1", roles("0-3", Placement.SPLIT));
        assertEquals("2 5 5 2 5 5", roles("2,5", Placement.SPLIT));
    }

    @Test
    void theProbedCpusAreThoseAPlacementMeasuresOnAndEachPlacementUsesItsOwn() {
        CpuPlacement two = new CpuPlacement(AllowedCpus.parse("2,5"));
        assertEquals(List.of(2, 5), two.measuring());
        assertTrue(two.inUse(Placement.ONE_CPU, 2));
        assertFalse(two.inUse(Placement.ONE_CPU, 5), "where the waiting clients are parked");
        assertTrue(two.inUse(Placement.CROSS, 5));
        assertFalse(two.inUse(Placement.CROSS, 0), "not an allowed CPU");
        CpuPlacement many = new CpuPlacement(AllowedCpus.parse("0-7"));
        assertEquals(List.of(0, 1, 2), many.measuring());
        assertTrue(many.inUse(Placement.CROSS, 2));
        assertFalse(many.inUse(Placement.CROSS, 3), "cross parks the waiting clients on the fourth");
        assertFalse(many.inUse(Placement.SPLIT, 2));
    }

    @Test
    void freePinsNothing() {
        assertEquals("     ", roles("0-1", Placement.FREE));
    }

    @Test
    void crossAndSplitNeedTwoCpusAndEveryPinTaskset() {
        CpuPlacement one = new CpuPlacement(List.of(3));
        assertNotNull(one.unusableReason(Placement.CROSS, true));
        assertNotNull(one.unusableReason(Placement.SPLIT, true));
        assertNull(one.unusableReason(Placement.ONE_CPU, true));
        assertThrows(IllegalStateException.class, () -> one.cpus(Placement.CROSS, Role.BUS, true));
        assertNotNull(new CpuPlacement(List.of(0, 1)).unusableReason(Placement.ONE_CPU, false));
        assertNull(new CpuPlacement(List.of(0)).unusableReason(Placement.FREE, false));
    }

    @Test
    void describeNamesTheCpusUsed() {
        CpuPlacement cpus = new CpuPlacement(List.of(2, 5));
        assertEquals("one-cpu: client, bus and server on CPU 2; the clients not making the current run wait on CPU 5",
            cpus.describe(Placement.ONE_CPU));
        assertEquals("one-cpu: client, bus and server on CPU 3", new CpuPlacement(List.of(3)).describe(Placement.ONE_CPU));
        assertEquals("cross: client on CPU 2, bus on CPU 5, a bus's server on CPU 2, a p2p server on CPU 5",
            cpus.describe(Placement.CROSS));
    }

    @Test
    void idleClientsWaitOnACpuThePlacementLeavesFree() {
        assertEquals(java.util.Optional.of("5"), new CpuPlacement(List.of(2, 5)).parking(Placement.ONE_CPU)
            .map(CpuPlacement.Cpus::list), "one-cpu on 2 CPUs: the second");
        assertTrue(new CpuPlacement(List.of(3)).parking(Placement.ONE_CPU).isEmpty(), "one CPU: nowhere to wait");
        assertTrue(new CpuPlacement(List.of(0, 1)).parking(Placement.CROSS).isEmpty(), "cross uses both");
        assertTrue(new CpuPlacement(List.of(0, 1, 2)).parking(Placement.CROSS).isEmpty(), "and all three");
        assertEquals(java.util.Optional.of("3"), new CpuPlacement(List.of(0, 1, 2, 3)).parking(Placement.CROSS)
            .map(CpuPlacement.Cpus::list), "cross on 4 CPUs: the fourth");
        assertTrue(new CpuPlacement(List.of(0, 1)).parking(Placement.SPLIT).isEmpty());
        assertTrue(new CpuPlacement(List.of(0, 1)).parking(Placement.FREE).isEmpty());
    }
}
