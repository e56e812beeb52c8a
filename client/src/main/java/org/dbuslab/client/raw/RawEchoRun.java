package org.dbuslab.client.raw;

import org.HdrHistogram.Histogram;
import org.dbuslab.client.control.ControlledClient;
import org.dbuslab.client.io.Watchdog;
import org.dbuslab.client.run.EchoRun;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.PayloadRings;
import org.dbuslab.client.run.RunResult;
import org.dbuslab.client.run.Verdict;
import org.dbuslab.client.run.VerdictTally;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

/**
 * The raw measuring loop, with the same rules as the D-Bus client's {@link EchoRun}: at most {@code window} calls
 * outstanding (chosen per run, so a persistent client can sweep windows on one connection), every reply compared
 * byte for byte with what its call sent, each call's round trip (its send to
 * its reply being taken) in an HdrHistogram, the clock running from the first send to the last verified reply.
 *
 * <p>Window 1 (sync) runs in the calling thread: write one frame, read one frame. A larger window uses a writer
 * thread that keeps up to {@code window} frames in flight while the calling thread reads and verifies replies, so
 * neither side can stall the other on a full socket buffer. The writer thread lives from run to run: a thread that
 * ended with its run took its CPU time with it before the runner read the client's CPU (schedstat is per thread),
 * and the floor's client CPU per call lacked the writer's share. Replies on a byte stream arrive in order; a reply that
 * does not match the oldest outstanding call is mismatched.
 *
 * <p>Verdicts: no reply within the timeout is lost (the watchdog then closes the connection); a connection that
 * breaks makes its outstanding calls errors; calls that could not be sent any more are errors too. The next run
 * reconnects ({@link #lostReason()} says whether a run left the connection open).
 */
final class RawEchoRun implements ControlledClient {

    private final RawAddress address;
    private final int payloadBytes;
    private final long replyTimeoutNanos;
    private final long connectTimeoutNanos;
    private final Watchdog watchdog;
    /** The arrays each run writes its payloads into, kept from run to run (see PayloadRings for why). */
    private final PayloadRings rings = new PayloadRings();
    private RawLink link;
    /** The pipelined runs' writer thread (the executor starts it with the first of them). */
    private final ExecutorService writerThread = Executors.newSingleThreadExecutor(task -> {
        Thread t = new Thread(task, "raw-echo-writer");
        t.setDaemon(true);
        return t;
    });

    /** @param payloadBytes the expected payload size, for the first buffers (they grow for larger ones) */
    RawEchoRun(RawAddress address, int payloadBytes, long replyTimeoutNanos, long connectTimeoutNanos,
               Watchdog watchdog) {
        this.address = address;
        this.payloadBytes = payloadBytes;
        this.replyTimeoutNanos = replyTimeoutNanos;
        this.connectTimeoutNanos = connectTimeoutNanos;
        this.watchdog = watchdog;
    }

    /** Opens the connection (the first time, so an unreachable server is a usage error, not a failed run). */
    void connect() throws IOException {
        link = RawLink.connect(address, payloadBytes, watchdog, connectTimeoutNanos);
    }

    @Override
    public RunResult run(int window, int calls, PayloadGenerator payloads) throws InterruptedException {
        if (window < 1) {
            throw new IllegalArgumentException("window must be >= 1, was " + window);
        }
        VerdictTally tally = new VerdictTally();
        Histogram latencies = new Histogram(EchoRun.LATENCY_SIGNIFICANT_DIGITS);
        watchdog.reset();
        if (link == null || !link.isOpen()) {
            try {
                connect();
            } catch (IOException e) {
                tally.addRange(0, calls, Verdict.ERROR, "cannot reconnect: " + e.getMessage());
                return tally.result(calls, 0, latencies);
            }
        }
        PayloadRings.Ring ring = rings.forRun(payloads.size(), Math.min(window, calls));
        long start = System.nanoTime();
        long elapsed = window == 1 ? runSync(calls, payloads, ring, tally, latencies, start)
            : runPipelined(window, calls, payloads, ring, tally, latencies, start);
        return tally.result(calls, elapsed, latencies);
    }

    /** Null while the connection is open; a lost reply or a broken connection closes it. */
    @Override
    public String lostReason() {
        return link != null && link.isOpen() ? null : "the connection to " + address + " is closed";
    }

    void close() {
        if (link != null) {
            link.close();
        }
        writerThread.shutdownNow();
    }

    private long runSync(int calls, PayloadGenerator payloads, PayloadRings.Ring ring, VerdictTally tally,
                         Histogram latencies, long start) {
        for (int seq = 0; seq < calls; seq++) {
            byte[] payload = ring.payload(payloads, seq);
            ByteBuffer reply;
            long sentAt = System.nanoTime();
            watchdog.arm(link.channel(), replyTimeoutNanos);
            try {
                link.write(payload);
                reply = link.read();
            } catch (IOException e) {
                watchdog.disarm();
                Verdict verdict = watchdog.fired() ? Verdict.LOST : Verdict.ERROR;
                tally.add(seq, verdict, watchdog.fired() ? "no reply within the timeout" : describe(e));
                tally.addRange(seq + 1, calls, Verdict.ERROR, "not sent: the connection was closed");
                link.close();
                return System.nanoTime() - start;
            }
            long now = System.nanoTime();
            watchdog.disarm();
            if (verify(seq, payload, reply, tally)) {
                latencies.recordValue(Math.max(1, now - sentAt)); // only a verified reply has a round trip
            }
        }
        return System.nanoTime() - start;
    }

    private long runPipelined(int window, int calls, PayloadGenerator payloads, PayloadRings.Ring ring,
                              VerdictTally tally, Histogram latencies, long start) throws InterruptedException {
        Pipeline pipeline = new Pipeline(window, calls, payloads, ring);
        Future<?> writer = writerThread.submit(pipeline::write);
        int seq = 0;
        long elapsed;
        try {
            for (; seq < calls; seq++) {
                watchdog.arm(link.channel(), replyTimeoutNanos);
                ByteBuffer reply = link.read();
                long now = System.nanoTime();
                while (pipeline.published <= seq) {
                    Thread.onSpinWait(); // the reply cannot overtake its call; this only orders the memory reads
                }
                int slot = seq % window;
                if (verify(seq, pipeline.sent[slot], reply, tally)) {
                    latencies.recordValue(Math.max(1, now - pipeline.sentAt[slot]));
                }
                pipeline.permits.release();
            }
            watchdog.disarm();
            elapsed = System.nanoTime() - start;
        } catch (IOException e) {
            watchdog.disarm();
            elapsed = System.nanoTime() - start;
            boolean timedOut = watchdog.fired();
            pipeline.stop = true;
            link.close();                                  // a writer blocked in write() fails now
            pipeline.permits.release(window);              // a writer waiting for a slot wakes up and stops
            awaitWriter(writer);
            int written = Math.max(seq, pipeline.written);
            String why = timedOut ? "no reply within the timeout" : describe(e);
            tally.addRange(seq, written, timedOut ? Verdict.LOST : Verdict.ERROR, why);
            tally.addRange(written, calls, Verdict.ERROR, pipeline.writeError != null
                ? "not sent: " + describe(pipeline.writeError) : "not sent: the connection was closed");
        }
        awaitWriter(writer);
        return elapsed;
    }

    /** Waits for the run's writer to end; it catches what it expects, so anything else is a bug and is thrown. */
    private static void awaitWriter(Future<?> writer) throws InterruptedException {
        try {
            writer.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the raw client's writer failed", e.getCause());
        }
    }

    /** The writer thread's side of a pipelined run; fields shared with the reader are volatile or guarded. */
    private final class Pipeline {
        final int window;
        final Semaphore permits;
        final byte[][] sent;
        final long[] sentAt;
        final int calls;
        final PayloadGenerator payloads;
        /** Call s's array is free once call s - window was verified and its permit released. */
        final PayloadRings.Ring ring;
        volatile int published;  // calls whose slot is filled (set before their frame is written)
        volatile int written;    // calls whose frame was written completely
        volatile boolean stop;
        volatile IOException writeError;

        Pipeline(int window, int calls, PayloadGenerator payloads, PayloadRings.Ring ring) {
            this.window = window;
            this.permits = new Semaphore(window);
            this.sent = new byte[window][];
            this.sentAt = new long[window];
            this.calls = calls;
            this.payloads = payloads;
            this.ring = ring;
        }

        void write() {
            try {
                for (int seq = 0; seq < calls; seq++) {
                    permits.acquire();
                    if (stop) {
                        return;
                    }
                    byte[] payload = ring.payload(payloads, seq);
                    int slot = seq % window;
                    sent[slot] = payload;
                    sentAt[slot] = System.nanoTime();
                    published = seq + 1;
                    link.write(payload);
                    written = seq + 1;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                if (!stop) {
                    writeError = e;
                }
            }
        }
    }

    /** @return true when the reply is exactly what was sent */
    private static boolean verify(int seq, byte[] sent, ByteBuffer reply, VerdictTally tally) {
        if (reply.remaining() != sent.length) {
            tally.add(seq, Verdict.MISMATCHED, "reply of " + reply.remaining() + " bytes, sent " + sent.length);
        } else if (!reply.equals(ByteBuffer.wrap(sent))) {
            tally.add(seq, Verdict.MISMATCHED, "reply of " + sent.length + " bytes differs from what was sent");
        } else {
            tally.add(seq, Verdict.OK, null);
            return true;
        }
        return false;
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message != null ? ": " + message : "");
    }
}
