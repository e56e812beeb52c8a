package org.dbuslab.runner.exec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuClockTest {

    private final CpuClock clock = new CpuClock();
    private final long self = ProcessHandle.current().pid();

    @TempDir
    Path dir;

    private static void spin(long millis) {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        long x = 0;
        while (System.nanoTime() < end) {
            x += x * 31 + 7;
        }
        if (x == 42) {
            System.out.println(x);
        }
    }

    @Test
    void ownJvmCountsTheCpuOfAllItsThreads() throws Exception {
        long before = clock.nanos(self).orElseThrow();
        spin(100);
        long after = clock.nanos(self).orElseThrow();
        assertTrue(after - before >= TimeUnit.MILLISECONDS.toNanos(80), "the main thread's spin: " + (after - before));

        // another live thread's CPU counts too
        Thread busy = new Thread(() -> spin(400));
        long b0 = clock.schedstatNanos(self).orElseThrow();
        busy.start();
        Thread.sleep(350);
        long b1 = clock.schedstatNanos(self).orElseThrow();
        busy.join();
        assertTrue(b1 - b0 >= TimeUnit.MILLISECONDS.toNanos(200), "the other thread's CPU: " + (b1 - b0));
    }

    @Test
    void schedstatAndStatAgreeForABusyChild() throws Exception {
        Process child = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            long pid = child.pid();
            long s0 = clock.schedstatNanos(pid).orElseThrow();
            Thread.sleep(600);
            long s1 = clock.schedstatNanos(pid).orElseThrow();
            long stat = clock.statNanos(pid).orElseThrow();
            long fine = clock.schedstatNanos(pid).orElseThrow();
            assertTrue(s1 - s0 >= TimeUnit.MILLISECONDS.toNanos(150), "busy child used CPU: " + (s1 - s0));
            // ticks are 10 ms: the coarse clock is within a few ticks of the fine one
            assertTrue(Math.abs(fine - stat) < TimeUnit.MILLISECONDS.toNanos(60), fine + " vs " + stat);
        } finally {
            child.destroyForcibly().waitFor();
        }
        assertTrue(clock.nanos(child.pid()).isEmpty(), "a reaped process has no CPU clock");
    }

    @Test
    void statFallbackReadsTicksWhenSchedstatIsMissing() throws Exception {
        // a fake /proc with only a stat file: utime 150 + stime 50 ticks
        Path pidDir = dir.resolve("4242");
        java.nio.file.Files.createDirectories(pidDir);
        String fields = "S 1 1 1 0 -1 0 0 0 0 0 150 50 0 0 20 0 1 0 777 0 0";
        java.nio.file.Files.writeString(pidDir.resolve("stat"), "4242 (odd ) name) " + fields + "\n");
        CpuClock fake = new CpuClock(dir);
        assertEquals(OptionalLong.of(200 * (1_000_000_000L / CpuClock.CLOCK_TICKS_PER_SECOND)), fake.nanos(4242));
        assertTrue(fake.nanos(4243).isEmpty());
    }

    @Test
    void meterGivesDeltasPerComponentAndZeroForAnAbsentOne() throws Exception {
        Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            CpuMeter meter = new CpuMeter(clock);
            CpuMeter.Reading reading = meter.start(List.of(busy.pid()), List.of(), List.of(self));
            Thread.sleep(300);
            CpuMeter.Cpu cpu = reading.stop();
            assertTrue(cpu.clientNs().orElseThrow() > TimeUnit.MILLISECONDS.toNanos(50), "client " + cpu);
            assertEquals(OptionalLong.of(0), cpu.busNs());
            assertTrue(cpu.serverNs().isPresent());

            CpuMeter.Reading vanishing = meter.start(List.of(busy.pid()), List.of(), List.of());
            busy.destroyForcibly().waitFor();
            assertTrue(vanishing.stop().clientNs().isEmpty(), "a process that vanished is not measured");
        } finally {
            busy.destroyForcibly();
        }
    }
}
