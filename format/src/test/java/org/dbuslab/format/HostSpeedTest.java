package org.dbuslab.format;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostSpeedTest {

    private static final Placement ONE = Placement.ONE_CPU;
    private static final Placement CROSS = Placement.CROSS;

    /**
     * Blocks 1..BLOCKS, each a one-cpu half then a cross half, three readings a block of CPU 0 and 1 at 1000 ns; the
     * readings SLOW (probe numbers) take 1500 ns on CPU 1. One-cpu uses CPU 0 only.
     */
    private static List<HostSpeedTsv.Row> session(int blocks, int... slow) {
        List<HostSpeedTsv.Row> rows = new ArrayList<>();
        int probe = 0;
        for (int round = 1; round <= blocks; round++) {
            int start = ++probe;
            int between = ++probe;
            int end = ++probe;
            for (int cpu = 0; cpu <= 1; cpu++) {
                rows.add(row(start, round, ONE, HostSpeedTsv.Edge.START, cpu, cpu == 0, slow));
                rows.add(row(between, round, ONE, HostSpeedTsv.Edge.END, cpu, cpu == 0, slow));
                rows.add(row(between, round, CROSS, HostSpeedTsv.Edge.START, cpu, true, slow));
                rows.add(row(end, round, CROSS, HostSpeedTsv.Edge.END, cpu, true, slow));
            }
        }
        return rows;
    }

    private static HostSpeedTsv.Row row(int probe, int round, Placement p, HostSpeedTsv.Edge edge, int cpu, boolean inUse,
                                        int... slow) {
        boolean slowed = cpu == 1 && java.util.Arrays.stream(slow).anyMatch(s -> s == probe);
        return new HostSpeedTsv.Row(probe, round, p, edge, cpu, inUse, slowed ? 1500 : 1000);
    }

    @Test
    void aHalfSlowedAtBothEndsOnACpuItUsesIsSetAside() {
        // block 3: probes 7, 8, 9; CPU 1 slow at 8 and 9 = both ends of block 3's cross half
        List<HostSpeed.Slowed> slowed = HostSpeed.slowed(session(10, 8, 9));
        assertEquals(List.of(new HostSpeed.Slowed(new HostSpeed.Half(3, CROSS), 1, 1.5)), slowed);
    }

    @Test
    void aHalfSlowedAtOneEndOnlyIsKept() {
        assertEquals(List.of(), HostSpeed.slowed(session(10, 9)), "the end of block 3's cross half only");
        assertEquals(List.of(), HostSpeed.slowed(session(10, 9, 10)), "the end of one block and the start of the next");
    }

    @Test
    void aSlowedCpuTheHalfDoesNotUseDoesNotCount() {
        // CPU 1 slow around block 3's one-cpu half (probes 7, 8): one-cpu runs on CPU 0 only
        assertEquals(List.of(), HostSpeed.slowed(session(10, 7)));
        List<HostSpeed.Slowed> slowed = HostSpeed.slowed(session(10, 7, 8));
        assertEquals(List.of(), slowed.stream().filter(s -> s.half().placement() == ONE).toList());
    }

    @Test
    void onlyMoreThanTheThresholdAboveTheMedianCounts() {
        List<HostSpeedTsv.Row> rows = new ArrayList<>();
        for (int p = 1; p <= 9; p++) {
            long ns = p == 5 || p == 6 ? Math.round(1000 * (1 + HostSpeed.SLOWER)) : 1000;
            rows.add(new HostSpeedTsv.Row(p, p, CROSS, HostSpeedTsv.Edge.START, 0, true, ns));
            rows.add(new HostSpeedTsv.Row(p + 1, p, CROSS, HostSpeedTsv.Edge.END, 0, true, ns));
        }
        assertEquals(List.of(), HostSpeed.slowed(rows), "exactly the threshold is not above it");
    }

    @Test
    void aCpuWithTooFewReadingsIsNotJudged() {
        List<HostSpeedTsv.Row> rows = session(3, 2, 3);
        assertTrue(HostSpeed.medians(rows).isEmpty(), "nine readings of each CPU: a --quick session's");
        assertEquals(List.of(), HostSpeed.slowed(rows));
    }

    @Test
    void theMedianCountsAReadingBetweenTwoHalvesOnce() {
        // 8 readings at 1000 and 6 at 1500, each 1500 one written twice (between two halves): counted once each, the
        // median is 1000; counted as rows, it would be 1500
        List<HostSpeedTsv.Row> rows = new ArrayList<>();
        long[] ns = {1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1500, 1500, 1500, 1500, 1500, 1500};
        for (int p = 1; p <= ns.length; p++) {
            rows.add(new HostSpeedTsv.Row(p, p, ONE, HostSpeedTsv.Edge.END, 1, false, ns[p - 1]));
            if (ns[p - 1] == 1500) {
                rows.add(new HostSpeedTsv.Row(p, p + 1, CROSS, HostSpeedTsv.Edge.START, 1, true, ns[p - 1]));
            }
        }
        assertEquals(1000.0, HostSpeed.medians(rows).get(1));
    }

    @Test
    void theFileReadsBackAndRefusesAnUnknownEdge() {
        List<HostSpeedTsv.Row> rows = session(2);
        assertEquals(rows, HostSpeedTsv.FORMAT.parse(HostSpeedTsv.FORMAT.lines(rows)));
        List<String> bad = new ArrayList<>(HostSpeedTsv.FORMAT.lines(rows.subList(0, 1)));
        bad.set(1, bad.get(1).replace("start", "middle"));
        FormatException e = assertThrows(FormatException.class, () -> HostSpeedTsv.FORMAT.parse(bad));
        assertTrue(e.getMessage().contains("edge must be 'start' or 'end', not 'middle'"), e.getMessage());
    }
}
