package org.dbuslab.runner.exec;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The probe's threads run where it says, and each reading is one positive time per CPU. */
class HostSpeedProbeIT {

    @Test
    void eachReadingTimesTheWorkOnEveryCpuFromItsOwnPinnedThread() throws Exception {
        List<Integer> cpus = CpuPlacement.ofThisProcess().measuring();
        try (HostSpeedProbe probe = HostSpeedProbe.on(cpus)) {
            List<HostSpeedProbe.Reading> reading = probe.read();
            assertEquals(cpus, reading.stream().map(HostSpeedProbe.Reading::cpu).toList());
            reading.forEach(r -> assertTrue(r.workNs() > 0, r.toString()));
            for (int cpu : cpus) {
                assertEquals(String.valueOf(cpu), allowedListOfThread("host-speed-cpu" + cpu));
            }
        }
    }

    @Test
    void aCpuTheProcessMayNotUseIsRefusedWithItsReason() {
        int past = CpuPlacement.ofThisProcess().allowed().stream().mapToInt(Integer::intValue).max().orElseThrow() + 4096;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> HostSpeedProbe.on(List.of(past)).close());
        assertTrue(e.getMessage().contains("could not pin the host-speed probe to CPU " + past), e.getMessage());
    }

    /** Cpus_allowed_list of this JVM's thread named NAME. */
    private static String allowedListOfThread(String name) throws Exception {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                if (Files.readString(task.resolve("comm")).strip().equals(name)) {
                    return AllowedCpus.allowedListOf(Files.readString(task.resolve("status")));
                }
            }
        }
        throw new AssertionError("no thread named " + name);
    }
}
