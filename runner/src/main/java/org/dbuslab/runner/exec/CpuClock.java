package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.OptionalLong;

/**
 * CPU time (user + system, all threads, nanoseconds) a process has used so far. Read from
 * /proc/PID/task/TID/schedstat (first field: time on the CPU in ns, per thread) and summed; where schedstat is
 * not available (a kernel without CONFIG_SCHED_INFO) from /proc/PID/stat utime + stime, in clock ticks.
 * A thread that exits between two readings takes its schedstat time with it, the stat fields keep it: so a
 * {@link Sample} holds both, and {@link Sample#since} takes the finer clock unless a thread ended meanwhile (a
 * server's warm-up connection closing in the first block once made the sum go backwards and the run's CPU empty).
 */
public final class CpuClock {

    /** Clock ticks per second of /proc/PID/stat (sysconf(_SC_CLK_TCK)); 100 on every Linux the lab runs on. */
    static final long CLOCK_TICKS_PER_SECOND = clockTicks();

    private final Path proc;

    public CpuClock() {
        this(Path.of("/proc"));
    }

    CpuClock(Path proc) {
        this.proc = proc;
    }

    /**
     * Both clocks of a set of processes: the schedstat sum over live threads (fine) and the stat ticks, which keep
     * the time of ended threads (coarse, 10 ms); each empty when a process could not be read.
     */
    public record Sample(OptionalLong fine, OptionalLong coarse) {

        public static final Sample ZERO = new Sample(OptionalLong.of(0), OptionalLong.of(0));

        /** The CPU used from EARLIER to this sample: the fine delta, else the coarse one; empty when neither holds. */
        public OptionalLong since(Sample earlier) {
            OptionalLong fineDelta = delta(earlier.fine, fine);
            return fineDelta.isPresent() ? fineDelta : delta(earlier.coarse, coarse);
        }

        private static OptionalLong delta(OptionalLong before, OptionalLong after) {
            if (before.isEmpty() || after.isEmpty() || after.getAsLong() < before.getAsLong()) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(after.getAsLong() - before.getAsLong());
        }
    }

    /** Both clocks of PIDS, summed. */
    public Sample sample(Collection<Long> pids) {
        OptionalLong fine = OptionalLong.of(0);
        OptionalLong coarse = OptionalLong.of(0);
        for (long pid : pids) {
            fine = plus(fine, schedstatNanos(pid));
            coarse = plus(coarse, statNanos(pid));
        }
        return new Sample(fine, coarse);
    }

    private static OptionalLong plus(OptionalLong sum, OptionalLong one) {
        return sum.isEmpty() || one.isEmpty() ? OptionalLong.empty() : OptionalLong.of(sum.getAsLong() + one.getAsLong());
    }

    /** The process's CPU time in ns, or empty when it is gone (or never existed). */
    public OptionalLong nanos(long pid) {
        OptionalLong fine = schedstatNanos(pid);
        return fine.isPresent() ? fine : statNanos(pid);
    }

    /** The sum over PIDS, or empty when any of them cannot be read (a component that vanished is unknown). */
    public OptionalLong nanos(Collection<Long> pids) {
        long sum = 0;
        for (long pid : pids) {
            OptionalLong one = nanos(pid);
            if (one.isEmpty()) {
                return OptionalLong.empty();
            }
            sum += one.getAsLong();
        }
        return OptionalLong.of(sum);
    }

    OptionalLong schedstatNanos(long pid) {
        Path tasks = proc.resolve(Long.toString(pid)).resolve("task");
        long sum = 0;
        int threads = 0;
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(tasks)) {
            for (Path task : dir) {
                try {
                    String line = Files.readString(task.resolve("schedstat")).trim();
                    int space = line.indexOf(' ');
                    sum += Long.parseLong(space < 0 ? line : line.substring(0, space));
                    threads++;
                } catch (java.nio.file.NoSuchFileException e) {
                    // the thread ended while we listed its siblings: it is no longer part of the process
                }
            }
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
        return threads == 0 ? OptionalLong.empty() : OptionalLong.of(sum);
    }

    OptionalLong statNanos(long pid) {
        return ProcStat.read(proc.resolve(Long.toString(pid)).resolve("stat"))
            .filter(ProcStat::running)
            .map(s -> OptionalLong.of(s.cpuTicks() * (1_000_000_000L / CLOCK_TICKS_PER_SECOND)))
            .orElse(OptionalLong.empty());
    }

    private static long clockTicks() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS) && p.exitValue() == 0) {
                long ticks = Long.parseLong(out);
                if (ticks > 0 && 1_000_000_000L % ticks == 0) {
                    return ticks;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // the default below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 100;
    }
}
