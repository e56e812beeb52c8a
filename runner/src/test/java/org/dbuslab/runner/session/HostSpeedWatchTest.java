package org.dbuslab.runner.session;

import org.dbuslab.format.HostSpeedTsv;
import org.dbuslab.format.Placement;
import org.dbuslab.runner.exec.CpuPlacement;
import org.dbuslab.runner.exec.HostSpeedProbe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostSpeedWatchTest {

    @TempDir
    Path dir;

    /** Readings of CPU 0 and 1 at NS[i] for CPU 1 (CPU 0 always 1000); past the end, the probe fails. */
    private static HostSpeedWatch.Probe probe(long... ns) {
        return new HostSpeedWatch.Probe() {
            int next;

            @Override
            public List<HostSpeedProbe.Reading> read() {
                if (next >= ns.length) {
                    throw new IllegalStateException("a probe thread did not answer within 5000 ms");
                }
                return List.of(new HostSpeedProbe.Reading(0, 1000), new HostSpeedProbe.Reading(1, ns[next++]));
            }

            @Override
            public void close() {
            }
        };
    }

    @Test
    void aHalfSlowedAtBothEndsIsSaidWhenItEndsAndEveryReadingIsWritten() throws Exception {
        long[] ns = new long[21]; // 3 readings a block: before one-cpu, between, after cross
        java.util.Arrays.fill(ns, 1000);
        ns[19] = 1500; // both ends of block 7's cross half: its 20th and 21st readings
        ns[20] = 1500;
        HostSpeedWatch watch = new HostSpeedWatch(probe(ns), new CpuPlacement(List.of(0, 1)), dir, line -> { });
        List<Optional<org.dbuslab.format.HostSpeed.Slowed>> cross = new ArrayList<>();
        for (int round = 1; round <= 7; round++) {
            watch.edge(round, null, Placement.ONE_CPU);
            watch.edge(round, Placement.ONE_CPU, Placement.CROSS);
            cross.add(watch.edge(round, Placement.CROSS, null));
        }
        assertEquals(Optional.empty(), cross.get(5));
        assertEquals(1, cross.get(6).orElseThrow().cpu());
        assertEquals(7, cross.get(6).orElseThrow().half().round());
        assertTrue(watch.summary().startsWith("1 of 14 measured half-block(s) set aside"), watch.summary());
        assertEquals(21 * 2 + 7 * 2, HostSpeedTsv.FORMAT.read(dir).size(), "the reading between two halves: two rows");
    }

    @Test
    void aProbeThatFailsMidSessionStopsWithOneLineAndTheSessionGoesOn() throws Exception {
        List<String> said = new ArrayList<>();
        HostSpeedWatch watch = new HostSpeedWatch(probe(1000, 1000), new CpuPlacement(List.of(0, 1)), dir, said::add);
        watch.edge(1, null, Placement.ONE_CPU);
        watch.edge(1, Placement.ONE_CPU, Placement.CROSS);
        assertEquals(Optional.empty(), watch.edge(1, Placement.CROSS, null), "no verdict, no exception");
        assertEquals(Optional.empty(), watch.edge(2, null, Placement.ONE_CPU), "nothing read any more");
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).contains("the host-speed probe stopped (a probe thread did not answer within 5000 ms)"),
            said.get(0));
        assertTrue(watch.reads());
    }
}
