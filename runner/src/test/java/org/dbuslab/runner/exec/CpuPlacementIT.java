package org.dbuslab.runner.exec;

import org.dbuslab.format.Placement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

class CpuPlacementIT {

    @TempDir
    Path dir;

    @Test
    void splitPutsTheClientOnCpu0AndBusAndServerOnCpu1() {
        assertEquals("0", CpuPlacement.cpusFor(Placement.SPLIT, CpuPlacement.Role.CLIENT).list());
        assertEquals("1", CpuPlacement.cpusFor(Placement.SPLIT, CpuPlacement.Role.BUS).list());
        assertEquals("1", CpuPlacement.cpusFor(Placement.SPLIT, CpuPlacement.Role.SERVER).list());
        assertEquals("0", CpuPlacement.cpusFor(Placement.SAME_CPU, CpuPlacement.Role.SERVER).list());
        assertEquals(CpuPlacement.Cpus.ANY, CpuPlacement.cpusFor(Placement.FREE, CpuPlacement.Role.CLIENT));
        assertNotNull(CpuPlacement.unusableReason(Placement.SPLIT, 1, true));
        assertNotNull(CpuPlacement.unusableReason(Placement.SAME_CPU, 2, false));
        assertNull(CpuPlacement.unusableReason(Placement.FREE, 1, false));
    }

    @Test
    void aPinnedProcessRunsOnlyOnItsCpuAndKeepsItsPid() throws Exception {
        RealBus.require(Runtime.getRuntime().availableProcessors() >= 2, "needs 2 CPUs");
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), m -> { })) {
            Child child = supervisor.start("pinned", Launch.of(dir.resolve("pinned"), List.of("sleep", "30"))
                .on(CpuPlacement.cpusFor(Placement.SPLIT, CpuPlacement.Role.SERVER)));
            long deadline = System.nanoTime() + 10_000_000_000L;
            String allowed = "";
            while (System.nanoTime() < deadline) {
                String status = Files.readString(Path.of("/proc", Long.toString(child.pid()), "status"));
                if (status.contains("Name:\tsleep")) {
                    allowed = status.lines().filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElse("");
                    break;
                }
                Thread.sleep(20);
            }
            assertEquals("Cpus_allowed_list:\t1", allowed, "taskset and setsid exec: the pid is sleep's own");
        }
    }
}
