package org.dbuslab.runner.exec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuClockIT {

    private final CpuClock clock = new CpuClock();
    private final long self = ProcessHandle.current().pid();

    @TempDir
    Path dir;

    private static final java.lang.management.ThreadMXBean THREADS =
        java.lang.management.ManagementFactory.getThreadMXBean();

    /** Spins until this thread has used MILLIS of CPU (not of wall time: the machine may be busy). */
    private static void spinCpu(long millis) {
        long end = THREADS.getCurrentThreadCpuTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        long x = 0;
        while (THREADS.getCurrentThreadCpuTime() < end) {
            x += x * 31 + 7;
        }
        if (x == 42) {
            System.out.println(x);
        }
    }

    /** Waits (at most 30 s) until CONDITION holds. */
    private static void await(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 30 s: " + what);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void ownJvmCountsTheCpuOfAllItsThreads() throws Exception {
        CpuClock.Sample before = clock.sample(java.util.List.of(self));
        spinCpu(100);
        long main = clock.sample(java.util.List.of(self)).since(before).orElseThrow();
        assertTrue(main >= TimeUnit.MILLISECONDS.toNanos(100), "the main thread's spin: " + main);

        // another thread's CPU counts too, read while it is still alive
        java.util.concurrent.CountDownLatch spun = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        Thread busy = new Thread(() -> {
            spinCpu(300);
            spun.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        // as a run reads it, per thread: a plain sum over live threads falls when another thread (a JIT compiler
        // thread) ends in between, and so read 274 ms for this 300 ms spin once
        CpuClock.Sample b0 = clock.sample(java.util.List.of(self));
        busy.start();
        spun.await();
        long spent = clock.sample(java.util.List.of(self)).since(b0).orElseThrow();
        release.countDown();
        busy.join();
        assertTrue(spent >= TimeUnit.MILLISECONDS.toNanos(300), "the other thread's CPU: " + spent);
    }

    @Test
    void schedstatAndStatAgreeForABusyChild() throws Exception {
        Process child = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            long pid = child.pid();
            long s0 = clock.schedstatNanos(pid).orElseThrow();
            await(() -> clock.schedstatNanos(pid).orElseThrow() - s0 >= TimeUnit.MILLISECONDS.toNanos(200),
                "the busy child uses CPU");
            // stopped, its clocks stand still: the coarse one (10 ms ticks) within a few ticks of the fine one
            new ProcessBuilder("kill", "-STOP", Long.toString(pid)).start().waitFor();
            await(() -> ProcStat.of(pid).map(st -> st.field(3).equals("T")).orElse(false), "the child is stopped");
            long fine = clock.schedstatNanos(pid).orElseThrow();
            long stat = clock.statNanos(pid).orElseThrow();
            assertTrue(Math.abs(fine - stat) < TimeUnit.MILLISECONDS.toNanos(60), fine + " vs " + stat);
            assertEquals(fine, clock.nanos(pid).orElseThrow(), "schedstat first");
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
            await(() -> reading.stop().clientNs().orElseThrow() > TimeUnit.MILLISECONDS.toNanos(50), "client CPU");
            CpuMeter.Cpu cpu = reading.stop();
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
