package org.dbuslab.faults.support;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.dbuslab.format.Transport;

/** The packaged echo client with its CSV and latency log in the case's folder, as lab/run-all.sh runs it. */
public final class EchoClient implements AutoCloseable {

    /** What the client is asked to do; {@link #forMode} gives the fault cases' small, fast runs. */
    public record Spec(String mode, int payload, int calls, int runs, int warmupRuns, int window, long replyTimeoutMs,
                       long connectTimeoutMs) {

        /**
         * One warm-up run then {@code runs} measured ones, big enough that a fault lands inside them, and async payloads
         * large enough to fill a socket's buffer (issue 13, item 1). A run lasts about 50-100 ms on an idle Intel
         * 2-vCPU VM: at 300 sync calls (12-40 ms a run there) a client once made both its runs between its first row
         * and the harness's stall (ServerFaultIT, the class's first case, in a cold fork).
         */
        public static Spec forMode(String mode, int runs) {
            return "sync".equals(mode)
                ? new Spec(mode, 1000, 1200, runs, 1, 1, Budget.replyTimeoutMs(), Budget.defaultConnectTimeoutMs())
                : new Spec(mode, 10_000, 2400, runs, 1, 128, Budget.replyTimeoutMs(), Budget.defaultConnectTimeoutMs());
        }

        /**
         * As {@link #forMode(String, int)}, with 16 times the sync calls and 4 times the async calls peer-to-peer: a p2p
         * call can take 6-10 us, so a run of the bus's counts lasted 15-45 ms, and a client made both its measured runs
         * between its first row and the harness's fault: ServerStalledForGoodIT, p2p sync, CI of 78bac50 (at 1200 sync
         * calls), then ServerFaultIT, p2p-unix sync, CI of 7a96d44 (at 4800; the harness forks kill(1) to stall the
         * client, which takes tens of ms beside three IT forks).
         */
        public static Spec forMode(Transport transport, String mode, int runs) {
            Spec spec = forMode(mode, runs);
            if (transport.isBus()) {
                return spec;
            }
            return spec.withCalls(spec.calls * ("sync".equals(mode) ? 16 : 4));
        }

        /** This spec with CALLS calls a run. */
        public Spec withCalls(int calls) {
            return new Spec(mode, payload, calls, runs, warmupRuns, window, replyTimeoutMs, connectTimeoutMs);
        }

        /** This spec with --reply-timeout MS. */
        public Spec withReplyTimeoutMs(long ms) {
            return new Spec(mode, payload, calls, runs, warmupRuns, window, ms, connectTimeoutMs);
        }

        /** A client expected to fail connecting: a short --connect-timeout, to keep the case short. */
        public static Spec connectFails() {
            return new Spec("sync", 1000, 200, 1, 0, 1, Budget.replyTimeoutMs(), Budget.connectTimeoutMs());
        }

        /** One short synchronous run, no warm-up: a client that must pass cleanly beside (or after) a fault. */
        public static Spec shortRun() {
            return new Spec("sync", 1000, 200, 1, 0, 1, Budget.replyTimeoutMs(), Budget.defaultConnectTimeoutMs());
        }

        public int totalRuns() {
            return warmupRuns + runs;
        }
    }

    private final LabProcess process;
    private final Spec spec;
    private final CsvRows csv;

    private EchoClient(LabProcess process, Spec spec, CsvRows csv) {
        this.process = process;
        this.spec = spec;
        this.csv = csv;
    }

    /** @param address the bus, or the server's own address for a peer-to-peer transport */
    public static EchoClient start(String name, Transport transport, String address, Spec spec, Path dir) {
        List<String> args = new ArrayList<>(List.of("--address", address));
        if (!transport.isBus()) {
            args.add("--peer");
        }
        args.addAll(List.of("--transport", transport.label(), "--mode", spec.mode(),
            "--payload", Integer.toString(spec.payload()), "--calls", Integer.toString(spec.calls()),
            "--runs", Integer.toString(spec.runs()), "--warmup-runs", Integer.toString(spec.warmupRuns()),
            "--window", Integer.toString(spec.window()), "--reply-timeout", Long.toString(spec.replyTimeoutMs()),
            "--connect-timeout", Long.toString(spec.connectTimeoutMs()),
            "--csv", dir.resolve(name + ".csv").toString(), "--latency-log", dir.resolve(name + ".hlog").toString()));
        return new EchoClient(LabProcess.start(name, LabJars.client(args), dir), spec,
            new CsvRows(dir.resolve(name + ".csv")));
    }

    public LabProcess process() {
        return process;
    }

    public Spec spec() {
        return spec;
    }

    public CsvRows csv() {
        return csv;
    }

    public Path latencyLog() {
        return csv.file().resolveSibling(process.name() + ".hlog");
    }

    /** Waits until the client has recorded {@code rows} runs; fails if it ends or takes longer than {@code limit}. */
    public void awaitRows(int rows, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (csv.rowCount() < rows) {
            if (!process.isAlive()) {
                throw new AssertionError(process.name() + " ended (exit " + process.awaitExit(Duration.ZERO).code()
                    + ") before it recorded " + rows + " run(s):\n" + process.stderr());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(process.name() + " recorded no " + rows + " run(s) within " + limit + ":\n"
                    + process.stderr() + "\nits threads:\n" + process.stacksNow());
            }
            Pause.millis(5);
        }
    }

    @Override
    public void close() {
        process.close();
    }
}
