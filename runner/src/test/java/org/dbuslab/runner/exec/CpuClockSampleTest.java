package org.dbuslab.runner.exec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** CpuClock's two clocks on a fake /proc: a thread that ends between two samples. */
class CpuClockSampleTest {

    @TempDir
    Path proc;

    /** /proc/7: THREADS with their schedstat ns, and stat's utime + stime TICKS. */
    private void process(long ticks, long... threads) throws Exception {
        Path dir = proc.resolve("7");
        if (Files.exists(dir.resolve("task"))) {
            try (var old = Files.list(dir.resolve("task"))) {
                for (Path t : old.toList()) {
                    Files.delete(t.resolve("schedstat"));
                    Files.delete(t);
                }
            }
        }
        for (int i = 0; i < threads.length; i++) {
            Path task = Files.createDirectories(dir.resolve("task").resolve(Integer.toString(7 + i)));
            Files.writeString(task.resolve("schedstat"), threads[i] + " 0 0\n");
        }
        StringBuilder stat = new StringBuilder("7 (java) S");
        for (int field = 4; field <= 52; field++) {
            stat.append(' ').append(field == 14 ? ticks : field == 15 ? 0 : 1);
        }
        Files.writeString(dir.resolve("stat"), stat + "\n");
    }

    @Test
    void theFineClockWhileEveryThreadLives() throws Exception {
        CpuClock clock = new CpuClock(proc);
        process(10, 100_000_000, 50_000_000);
        CpuClock.Sample before = clock.sample(List.of(7L));
        process(11, 103_000_000, 50_500_000);
        assertEquals(OptionalLong.of(3_500_000), clock.sample(List.of(7L)).since(before));
    }

    @Test
    void aThreadThatEndedMeanwhileDropsOutInsteadOfMakingTheSumGoBackwards() throws Exception {
        CpuClock clock = new CpuClock(proc);
        process(10, 100_000_000, 50_000_000);
        CpuClock.Sample before = clock.sample(List.of(7L));
        process(12, 103_000_000); // the second thread ended: a plain sum over threads would go back 47 ms
        assertEquals(OptionalLong.of(3_000_000), clock.sample(List.of(7L)).since(before));
    }

    @Test
    void aThreadStartedMeanwhileCountsWhole() throws Exception {
        CpuClock clock = new CpuClock(proc);
        process(10, 100_000_000);
        CpuClock.Sample before = clock.sample(List.of(7L));
        process(11, 101_000_000, 2_000_000);
        assertEquals(OptionalLong.of(3_000_000), clock.sample(List.of(7L)).since(before));
    }

    @Test
    void aProcessThatCannotBeReadIsUnknown() {
        CpuClock clock = new CpuClock(proc);
        assertEquals(OptionalLong.empty(), clock.sample(List.of(99L)).since(CpuClock.Sample.ZERO));
        assertEquals(OptionalLong.of(0), CpuClock.Sample.ZERO.since(CpuClock.Sample.ZERO));
    }
}
