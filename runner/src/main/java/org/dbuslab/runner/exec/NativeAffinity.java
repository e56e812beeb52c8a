package org.dbuslab.runner.exec;

import jnr.ffi.LibraryLoader;
import jnr.ffi.annotations.SaveError;

import java.util.List;

/**
 * libc's sched_setaffinity(2) on one thread, through jnr-ffi (the JDK 17 has no foreign-function API of its own).
 * It replaces a taskset process per move: a default session moves a client before every run, two tasksets of about
 * 5.5 ms each from a JVM on a 2-vCPU AMD EPYC VM, which was half of the 25 ms between a matrix-only session's runs
 * (docs/EXPERIMENTS.md, 2026-12-07). Where libc cannot be bound, {@link #available} is false and Affinity keeps taskset.
 */
final class NativeAffinity {

    /** The libc calls used: {@code sched_setaffinity(pid_t, size_t, const cpu_set_t *)}, errno saved. */
    public interface LibC {
        @SaveError
        int sched_setaffinity(int tid, long cpusetsize, long[] mask);
    }

    /** cpu_set_t's size in glibc: 1024 CPUs. */
    static final int MAX_CPUS = 1024;
    /** errno ESRCH: no such thread (it ended while the process's threads were walked). */
    static final int ESRCH = 3;
    /** errno EINVAL: the mask holds no CPU the thread may use. */
    static final int EINVAL = 22;

    private static final LibC LIBC = load();

    private NativeAffinity() {
    }

    private static LibC load() {
        try {
            return LibraryLoader.create(LibC.class).load("c");
        } catch (LinkageError | RuntimeException e) {
            return null; // no jffi stub for this platform, or no libc to bind: Affinity falls back to taskset
        }
    }

    static boolean available() {
        return LIBC != null;
    }

    /** The cpu_set_t of CPUS, as 64-bit words. */
    static long[] mask(List<Integer> cpus) {
        long[] mask = new long[MAX_CPUS / 64];
        for (int cpu : cpus) {
            if (cpu < 0 || cpu >= MAX_CPUS) {
                throw new IllegalArgumentException("CPU " + cpu + " is outside 0.." + (MAX_CPUS - 1));
            }
            mask[cpu / 64] |= 1L << (cpu % 64);
        }
        return mask;
    }

    /** Sets thread TID's CPUs: 0 when done, else errno. */
    static int set(long tid, long[] mask) {
        if (LIBC == null) {
            throw new IllegalStateException("sched_setaffinity is not bound here");
        }
        int rc = LIBC.sched_setaffinity((int) tid, mask.length * 8L, mask);
        return rc == 0 ? 0 : jnr.ffi.LastError.getLastError(jnr.ffi.Runtime.getSystemRuntime());
    }
}
