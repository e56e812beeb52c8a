package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Times a fixed piece of work on each of some CPUs at once, between the runs of a block: how fast the host lets each
 * vCPU do what a D-Bus call does right now. The work is {@link #ROUND_TRIPS} writes of {@link #BYTES} bytes into a pipe,
 * each read back by the same thread: system calls and kernel copies, the bulk of a call's CPU. A chain of
 * multiply-adds, tried first, missed a slowdown that took 40 % more CPU time per call from every process on one vCPU
 * for 21 blocks (docs/EXPERIMENTS.md, "The host's speed as a factor"). One thread per CPU, pinned with
 * sched_setaffinity; each runs {@link #WINDOWS} windows of the same work and keeps the fastest, so a single interrupt
 * or a pause of this JVM does not count as a slow host, while a slowdown that lasts does.
 */
public final class HostSpeedProbe implements AutoCloseable {

    /** One CPU's reading: the fastest window's time for the fixed work. */
    public record Reading(int cpu, long workNs) {
    }

    /** Windows per CPU and reading: the fastest counts. */
    static final int WINDOWS = 3;
    /** Pipe round trips per window: about 3 ms on the lab's VMs. */
    static final int ROUND_TRIPS = 1000;
    /** Bytes per write, a 1000 B call's payload. */
    static final int BYTES = 1000;
    /** Readings made at start, so the work is compiled before the first one that counts. */
    static final int WARM_UP = 15;
    /** How long a reading may take before the probe gives up on it (a stopped thread, a machine stalled). */
    private static final long TIMEOUT_MS = 5_000;

    private final List<Integer> cpus;
    private final long[] workNs;
    private final CyclicBarrier start;
    private final CyclicBarrier done;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean closed;
    private volatile String problem;

    private HostSpeedProbe(List<Integer> cpus) {
        this.cpus = List.copyOf(cpus);
        this.workNs = new long[cpus.size()];
        this.start = new CyclicBarrier(cpus.size() + 1);
        this.done = new CyclicBarrier(cpus.size() + 1);
    }

    /**
     * A probe with one pinned thread per CPU of CPUS, its work compiled by {@link #WARM_UP} readings. Throws
     * {@link IllegalStateException} saying why when its threads cannot be pinned (no sched_setaffinity).
     */
    public static HostSpeedProbe on(List<Integer> cpus) throws InterruptedException {
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("no CPUs to probe");
        }
        if (NativeAffinity.problem() != null) {
            throw new IllegalStateException(NativeAffinity.problem());
        }
        HostSpeedProbe probe = new HostSpeedProbe(cpus);
        for (int i = 0; i < cpus.size(); i++) {
            int index = i;
            Thread t = new Thread(() -> probe.serve(index), "host-speed-cpu" + cpus.get(i));
            t.setDaemon(true);
            probe.threads.add(t);
            t.start();
        }
        try {
            for (int i = 0; i < WARM_UP; i++) {
                probe.read();
            }
        } catch (RuntimeException | InterruptedException e) {
            probe.close();
            throw e;
        }
        return probe;
    }

    public List<Integer> cpus() {
        return cpus;
    }

    /** One reading per CPU, all made at the same time. */
    public List<Reading> read() throws InterruptedException {
        try {
            start.await(TIMEOUT_MS, TimeUnit.MILLISECONDS);
            done.await(TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (BrokenBarrierException | TimeoutException e) {
            close();
            throw new IllegalStateException(problem != null ? problem : "a probe thread did not answer within "
                + TIMEOUT_MS + " ms");
        }
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
        List<Reading> out = new ArrayList<>();
        for (int i = 0; i < cpus.size(); i++) {
            out.add(new Reading(cpus.get(i), workNs[i]));
        }
        return out;
    }

    private void serve(int index) {
        try {
            long tid = Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
            int rc = NativeAffinity.set(tid, NativeAffinity.mask(List.of(cpus.get(index))));
            if (rc != 0) {
                problem = "could not pin the host-speed probe to CPU " + cpus.get(index) + " (sched_setaffinity: "
                    + (rc < 0 ? NativeAffinity.problem() : "errno " + rc) + ")";
            }
            try (PipeWork work = new PipeWork()) {
                while (!closed) {
                    start.await();
                    long fastest = Long.MAX_VALUE;
                    for (int w = 0; w < WINDOWS && problem == null; w++) {
                        long t0 = System.nanoTime();
                        work.roundTrips(ROUND_TRIPS);
                        fastest = Math.min(fastest, System.nanoTime() - t0);
                    }
                    workNs[index] = fastest;
                    done.await();
                }
            }
        } catch (IOException | NumberFormatException e) {
            problem = "the host-speed probe cannot run on CPU " + cpus.get(index) + ": " + e;
            start.reset();
        } catch (InterruptedException | BrokenBarrierException e) {
            // closed
        }
    }

    /** One thread's pipe: bytes written and read back by that thread, so no other thread or wake-up is timed. */
    static final class PipeWork implements AutoCloseable {
        private final java.nio.channels.Pipe pipe = java.nio.channels.Pipe.open();
        private final java.nio.ByteBuffer out = java.nio.ByteBuffer.allocateDirect(BYTES);
        private final java.nio.ByteBuffer in = java.nio.ByteBuffer.allocateDirect(BYTES);

        PipeWork() throws IOException {
        }

        /** N writes of {@link #BYTES} bytes, each read back whole before the next (a pipe holds far more). */
        void roundTrips(int n) throws IOException {
            for (int i = 0; i < n; i++) {
                out.clear();
                while (out.hasRemaining()) {
                    pipe.sink().write(out);
                }
                in.clear();
                while (in.hasRemaining()) {
                    pipe.source().read(in);
                }
            }
        }

        @Override
        public void close() throws IOException {
            pipe.sink().close();
            pipe.source().close();
        }
    }

    @Override
    public void close() {
        closed = true;
        threads.forEach(Thread::interrupt);
    }
}
