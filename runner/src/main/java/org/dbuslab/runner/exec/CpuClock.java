package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * CPU time (user + system, all threads, nanoseconds) a process has used so far. Read from
 * /proc/PID/task/TID/schedstat (first field: time on the CPU in ns, per thread) and summed; where schedstat is
 * not available (a kernel without CONFIG_SCHED_INFO) from /proc/PID/stat utime + stime, in clock ticks.
 * A thread that exits between two readings takes its schedstat time with it, so a {@link Sample} keeps each
 * thread's time and {@link Sample#since} sums per thread (a sum over threads went backwards when a server's warm-up
 * connection or a client's idle pool thread ended, and the run's CPU was lost).
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
     * Both clocks of a set of processes: each live thread's schedstat ns (fine, by "pid/tid"), and the stat ticks,
     * which keep the time of ended threads (coarse, 10 ms); each empty when a process could not be read.
     */
    public record Sample(Optional<Map<String, Long>> fine, OptionalLong coarse) {

        public static final Sample ZERO = new Sample(Optional.of(Map.of()), OptionalLong.of(0));

        /**
         * The CPU used from EARLIER to this sample: per thread alive at this sample, its time since EARLIER (all of it
         * for a thread started since); a thread that ended meanwhile drops out, with the little it ran in between. The
         * coarse clock only when a process could not be read finely.
         */
        public OptionalLong since(Sample earlier) {
            if (fine.isPresent() && earlier.fine.isPresent()) {
                Map<String, Long> before = earlier.fine.get();
                long sum = 0;
                for (Map.Entry<String, Long> thread : fine.get().entrySet()) {
                    sum += Math.max(0, thread.getValue() - before.getOrDefault(thread.getKey(), 0L));
                }
                return OptionalLong.of(sum);
            }
            if (coarse.isEmpty() || earlier.coarse.isEmpty() || coarse.getAsLong() < earlier.coarse.getAsLong()) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(coarse.getAsLong() - earlier.coarse.getAsLong());
        }
    }

    /** Both clocks of PIDS. */
    public Sample sample(Collection<Long> pids) {
        Map<String, Long> threads = new HashMap<>();
        boolean fine = true;
        OptionalLong coarse = OptionalLong.of(0);
        for (long pid : pids) {
            fine = fine && schedstatByThread(pid, threads);
            OptionalLong ticks = statNanos(pid);
            coarse = coarse.isEmpty() || ticks.isEmpty() ? OptionalLong.empty()
                : OptionalLong.of(coarse.getAsLong() + ticks.getAsLong());
        }
        return new Sample(fine ? Optional.of(threads) : Optional.empty(), coarse);
    }

    /** Adds each thread of PID to INTO; false when PID's threads cannot be read. */
    private boolean schedstatByThread(long pid, Map<String, Long> into) {
        Path tasks = proc.resolve(Long.toString(pid)).resolve("task");
        int threads = 0;
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(tasks)) {
            for (Path task : dir) {
                try {
                    String line = Files.readString(task.resolve("schedstat")).trim();
                    int space = line.indexOf(' ');
                    into.put(pid + "/" + task.getFileName(), Long.parseLong(space < 0 ? line : line.substring(0, space)));
                    threads++;
                } catch (java.nio.file.NoSuchFileException e) {
                    // the thread ended while we listed its siblings
                } catch (IOException e) {
                    // a thread being reaped (ESRCH): it is ending, as above
                }
            }
        } catch (IOException | NumberFormatException e) {
            return false;
        }
        return threads > 0;
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
        Map<String, Long> threads = new HashMap<>();
        return schedstatByThread(pid, threads)
            ? OptionalLong.of(threads.values().stream().mapToLong(Long::longValue).sum()) : OptionalLong.empty();
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
