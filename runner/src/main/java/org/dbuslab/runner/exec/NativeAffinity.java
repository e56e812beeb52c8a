package org.dbuslab.runner.exec;

import jnr.ffi.LibraryLoader;
import jnr.ffi.annotations.In;
import jnr.ffi.annotations.SaveError;
import jnr.ffi.types.size_t;

import java.util.List;

/**
 * libc's sched_setaffinity(2) on one thread, through jnr-ffi (Java 17 has no foreign-function API of its own), in
 * place of a taskset process per move: in one-cpu the runner moves a client before every run, and those processes
 * were a third of the measured blocks' time on a 2-vCPU VM (docs/EXPERIMENTS.md, "What a run costs besides its
 * calls"). Where libc cannot be bound, {@link #problem} says why and Affinity uses taskset.
 */
final class NativeAffinity {

    /** The libc call used: {@code sched_setaffinity(pid_t, size_t, const cpu_set_t *)}, errno saved. */
    public interface LibC {
        @SaveError
        int sched_setaffinity(int tid, @size_t long cpusetsize, @In long[] mask);
    }

    /** errno ESRCH: no such thread (it ended while the process's threads were walked). */
    static final int ESRCH = 3;
    /** errno EINVAL: the mask holds no CPU the thread may use. */
    static final int EINVAL = 22;

    private static volatile LibC libc;
    private static volatile String problem;

    static {
        try {
            // failImmediately: else a library that cannot be bound gives a proxy that throws on its first call
            libc = LibraryLoader.create(LibC.class).failImmediately().load("c");
        } catch (LinkageError | RuntimeException e) {
            disable(e);
        }
    }

    private NativeAffinity() {
    }

    /** Null while sched_setaffinity is bound; else why not (then Affinity uses taskset). */
    static String problem() {
        return problem;
    }

    private static void disable(Throwable why) {
        libc = null;
        problem = "libc's sched_setaffinity could not be bound through jnr-ffi: " + Logs.oneLine(String.valueOf(why));
    }

    /** The cpu_set_t of CPUS, as 64-bit words: at least glibc's 1024 CPUs, more where CPUS go beyond. */
    static long[] mask(List<Integer> cpus) {
        int highest = cpus.stream().mapToInt(Integer::intValue).max().orElse(0);
        long[] mask = new long[Math.max(1024, highest + 1 + 63) / 64];
        for (int cpu : cpus) {
            if (cpu < 0) {
                throw new IllegalArgumentException("CPU " + cpu + " is negative");
            }
            mask[cpu / 64] |= 1L << (cpu % 64);
        }
        return mask;
    }

    /**
     * Sets thread TID's CPUs: 0 when done, else errno; -1 when the call could not be made at all (the binding failed
     * on its first use), after which {@link #problem} says why and this is not tried again.
     */
    static int set(long tid, long[] mask) {
        LibC bound = libc;
        if (bound == null) {
            return -1;
        }
        try {
            int rc = bound.sched_setaffinity((int) tid, mask.length * 8L, mask);
            return rc == 0 ? 0 : jnr.ffi.LastError.getLastError(jnr.ffi.Runtime.getSystemRuntime());
        } catch (LinkageError e) {
            disable(e);
            return -1;
        }
    }
}
