package org.dbuslab.analysis.report.health;

import org.dbuslab.format.HostSpeed;
import org.dbuslab.format.Placement;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How the report names the halves set aside: consecutive blocks of one placement and CPU as one stretch. */
class HostSpeedNotesTest {

    private static HostSpeed.Slowed slowed(int round, Placement placement, int cpu, double times) {
        return new HostSpeed.Slowed(new HostSpeed.Half(round, placement), cpu, times);
    }

    @Test
    void consecutiveBlocksOfOnePlacementAndCpuAreOneStretchInBlockOrder() {
        List<HostSpeed.Slowed> slowed = List.of(slowed(63, Placement.CROSS, 1, 1.6), slowed(62, Placement.CROSS, 1, 1.21),
                slowed(64, Placement.CROSS, 1, 1.3), slowed(63, Placement.ONE_CPU, 0, 1.25), slowed(70, Placement.CROSS, 1, 1.4),
                slowed(66, Placement.CROSS, 0, 1.2));
        assertEquals("cross halves of blocks 62–64 (CPU 1 at 1.21–1.60× its median); one-cpu half of block 63 (CPU 0 at 1.25× "
                + "its median); cross half of block 66 (CPU 0 at 1.20× its median); cross half of block 70 (CPU 1 at 1.40× its "
                + "median)", HostSpeedNotes.stretches(slowed));
    }

    @Test
    void pastSixStretchesTheRestAreCounted() {
        List<HostSpeed.Slowed> slowed = new ArrayList<>();
        for (int round = 10; round <= 30; round += 2) {
            slowed.add(slowed(round, Placement.CROSS, 1, 1.3));
        }
        String text = HostSpeedNotes.stretches(slowed);
        assertEquals(HostSpeedNotes.NAMED, text.split("; ").length - 1);
        assertEquals("…; cross half of block 20 (CPU 1 at 1.30× its median); and 5 more halves",
                "…" + text.substring(text.indexOf("; cross half of block 20")));
    }
}
