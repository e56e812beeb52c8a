package org.dbuslab.runner.exec;

import org.dbuslab.format.Placement;
import org.dbuslab.testkit.CiRequirement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuPlacementIT {

    @TempDir
    Path dir;

    @Test
    void aPinnedProcessRunsOnlyOnItsCpuAndKeepsItsPid() throws Exception {
        CpuPlacement cpus = CpuPlacement.ofThisProcess();
        CiRequirement.require(cpus.allowed().size() >= 2, "needs 2 CPUs");
        String second = Integer.toString(cpus.allowed().get(1));
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), m -> { })) {
            Child child = supervisor.start("pinned", Launch.of(dir.resolve("pinned"), List.of("sleep", "30"))
                .on(cpus.cpus(Placement.SPLIT, CpuPlacement.Role.SERVER, true)));
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
            assertEquals("Cpus_allowed_list:\t" + second, allowed, "taskset and setsid exec: the pid is sleep's own");
        }
    }

    @Test
    void aRunningJvmMovesWithEveryThread() throws Exception {
        CpuPlacement cpus = CpuPlacement.ofThisProcess();
        CiRequirement.require(cpus.allowed().size() >= 2, "needs 2 CPUs");
        JavaRuntime java = JavaRuntime.fromEnvironment(Map.of());
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), m -> { })) {
            // a JVM has many threads (GC, JIT, its main thread's own): taskset -a must move every one
            Path sleeper = Files.writeString(dir.resolve("Sleeper.java"),
                "class Sleeper { public static void main(String[] a) throws Exception { System.out.println(\"ready\");"
                    + " Thread.sleep(60_000); } }");
            Child jvm = supervisor.start("jvm", Launch.of(dir.resolve("jvm"), List.of(java.java(), sleeper.toString())));
            long deadline = System.nanoTime() + 60_000_000_000L; // source launch compiles first: slow beside a CPU hog
            while (!Files.exists(jvm.out()) || !Files.readString(jvm.out()).contains("ready")) {
                assertTrue(jvm.alive() && System.nanoTime() < deadline, "the JVM did not start: " + jvm.lastComplaint());
                Thread.sleep(50);
            }
            CpuPlacement.Cpus target = cpus.cpus(Placement.CROSS, CpuPlacement.Role.BUS, true);
            assertNull(Affinity.pin(jvm.pid(), target, cpus.allowed()));
            Map<Long, String> threads = Affinity.threadLists(jvm.pid());
            assertTrue(threads.size() > 5, "a JVM's threads: " + threads);
            assertEquals(List.of(), Affinity.offCpu(threads, target.list()));
            assertNull(Affinity.pin(jvm.pid(), CpuPlacement.Cpus.ANY, cpus.allowed()));
            assertEquals(List.of(), Affinity.offCpu(Affinity.threadLists(jvm.pid()), AllowedCpus.format(cpus.allowed())));

            // the runner's two ways, each alone: in this process (sched_setaffinity), and taskset where that is missing
            String first = Integer.toString(cpus.allowed().get(0));
            assertNull(NativeAffinity.problem(), "jnr-ffi binds libc's sched_setaffinity on Linux x86-64");
            assertTrue(Affinity.how().startsWith("sched_setaffinity"), Affinity.how());
            assertNull(Affinity.pinNative(jvm.pid(), first));
            assertEquals(List.of(), Affinity.offCpu(Affinity.threadLists(jvm.pid()), first));
            assertNull(Affinity.pinWithTaskset(jvm.pid(), target.list()));
            assertEquals(List.of(), Affinity.offCpu(Affinity.threadLists(jvm.pid()), target.list()));
            // a CPU past the last this kernel could have (kernel/cpu "possible"): refused, every thread left as it was
            String possible = Files.readString(Path.of("/sys/devices/system/cpu/possible")).strip();
            List<Integer> cpusHere = AllowedCpus.parse(possible);
            String lacking = Integer.toString(cpusHere.get(cpusHere.size() - 1) + 1);
            String refused = Affinity.pinNative(jvm.pid(), lacking);
            assertTrue(refused != null && refused.contains("errno 22"), "CPU " + lacking + ": " + refused);
            assertEquals(List.of(), Affinity.offCpu(Affinity.threadLists(jvm.pid()), target.list()), "left where it was");
            assertTrue(Affinity.pinNative(Long.MAX_VALUE / 2, first).contains("ended"), "a pid that is gone");
        }
    }
}
