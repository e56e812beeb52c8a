package org.dbuslab.cli;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * How many bytes this JVM's threads have allocated on the heap so far, from HotSpot's per-thread counters
 * ({@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes}): the lab's allocation per call is the difference
 * of two readings around a run, divided by its calls. Java 17 has no JVM-wide total, so a reading sums the live
 * threads' counters, and the figure is kept monotonic: each thread adds what it allocated since the previous
 * reading (all of it when it is new), and a thread that ended since then only loses what it allocated after that
 * reading (an undercount, never a drop). The lab's clients and servers keep their threads for the whole session.
 * A reading takes a few microseconds; it must not be inside a timed window.
 */
public final class AllocatedBytes {

    /** What a reading returns when this JVM does not count allocations per thread. */
    public static final long UNKNOWN = -1;

    private final com.sun.management.ThreadMXBean threads;
    private final boolean countReader;
    private Map<Long, Long> seen = new HashMap<>();
    private long counted;

    private AllocatedBytes(com.sun.management.ThreadMXBean threads, boolean countReader) {
        this.threads = threads;
        this.countReader = countReader;
    }

    /**
     * Every thread of this JVM, the one taking the readings included; every reading is {@link #UNKNOWN} when the JVM
     * does not count (not HotSpot, or switched off).
     */
    public static AllocatedBytes ofThisJvm() {
        return new AllocatedBytes(bean(), true);
    }

    /**
     * Every thread but the one taking each reading: what the rest of the JVM allocated, for a thread that only
     * reports it (its own reading and answering would otherwise be counted).
     */
    public static AllocatedBytes ofOtherThreads() {
        return new AllocatedBytes(bean(), false);
    }

    private static com.sun.management.ThreadMXBean bean() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean
            && bean.isThreadAllocatedMemorySupported()) {
            try {
                if (!bean.isThreadAllocatedMemoryEnabled()) {
                    bean.setThreadAllocatedMemoryEnabled(true);
                }
                return bean;
            } catch (UnsupportedOperationException | SecurityException e) {
                // counted nowhere: unknown
            }
        }
        return null;
    }

    /** Bytes allocated so far by the threads counted (see the class comment), or {@link #UNKNOWN}. */
    public long read() {
        return reading(countReader ? -1 : Thread.currentThread().getId());
    }

    private synchronized long reading(long excluded) {
        if (threads == null || !threads.isThreadAllocatedMemoryEnabled()) {
            return UNKNOWN;
        }
        long[] ids = threads.getAllThreadIds();
        long[] bytes = threads.getThreadAllocatedBytes(ids);
        Map<Long, Long> now = new HashMap<>(ids.length * 2);
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] == excluded || bytes[i] < 0) { // -1: the thread ended between the two calls
                continue;
            }
            long before = seen.getOrDefault(ids[i], 0L);
            counted += Math.max(0, bytes[i] - before);
            now.put(ids[i], bytes[i]);
        }
        seen = now;
        return counted;
    }

    /** B - A of two readings; {@link #UNKNOWN} when either is unknown. */
    public static long delta(long before, long after) {
        return before < 0 || after < 0 ? UNKNOWN : Math.max(0, after - before);
    }
}
