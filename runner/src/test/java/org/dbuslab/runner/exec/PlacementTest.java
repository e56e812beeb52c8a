package org.dbuslab.runner.exec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PlacementTest {

    @TempDir
    Path dir;

    @Test
    void splitPutsTheClientOnCpu0AndBusAndServerOnCpu1() {
        assertEquals("0", Placement.SPLIT.cpusFor(Placement.Role.CLIENT).list());
        assertEquals("1", Placement.SPLIT.cpusFor(Placement.Role.BUS).list());
        assertEquals("1", Placement.SPLIT.cpusFor(Placement.Role.SERVER).list());
        assertEquals("0", Placement.SAME_CPU.cpusFor(Placement.Role.SERVER).list());
        assertEquals(Placement.Cpus.ANY, Placement.FREE.cpusFor(Placement.Role.CLIENT));
        assertEquals(Placement.SAME_CPU, Placement.parse("same-cpu"));
        assertThrows(IllegalArgumentException.class, () -> Placement.parse("pinned"));
        assertNotNull(Placement.SPLIT.unusableReason(1, true));
        assertNotNull(Placement.SAME_CPU.unusableReason(2, false));
        assertNull(Placement.FREE.unusableReason(1, false));
    }

    @Test
    void aPinnedProcessRunsOnlyOnItsCpuAndKeepsItsPid() throws Exception {
        RealBus.require(Runtime.getRuntime().availableProcessors() >= 2, "needs 2 CPUs");
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), m -> { })) {
            Child child = supervisor.start("pinned", Launch.of(dir.resolve("pinned"), List.of("sleep", "30"))
                .on(Placement.SPLIT.cpusFor(Placement.Role.SERVER)));
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
