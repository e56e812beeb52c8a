package org.dbuslab.client.run;

import org.dbuslab.client.callpath.CallFailedException;
import org.dbuslab.client.callpath.ConnectionLostException;
import org.dbuslab.client.callpath.EchoCallPath;
import org.dbuslab.client.callpath.PendingReply;
import org.dbuslab.client.callpath.Reply;

import org.HdrHistogram.Histogram;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The measuring loop. At most {@code window} calls are outstanding at any moment: with window 1 every call
 * waits for its reply before the next is sent (synchronous); with a larger window calls are pipelined and
 * replies are collected oldest first. Every reply is verified; the clock covers sending, waiting and verifying.
 * Each verified call's round trip (its send to its reply being taken) goes into an HdrHistogram: a recordValue
 * costs tens of nanoseconds, far below one D-Bus call. Lost, mismatched and error calls have no round trip: a
 * mismatched reply did not answer this call, and an error reply did not echo it.
 * <p>
 * A call with no reply within the reply timeout is lost. Once the connection is clearly dead
 * ({@link ConnectionWatch}) the run stops waiting: the calls in flight take only a reply already there, the calls
 * not sent yet are lost at once, and the result says why ({@link RunResult#abandoned()}).
 */
public final class EchoRun {

    /** HdrHistogram precision: 3 significant digits, nanosecond values. */
    public static final int LATENCY_SIGNIFICANT_DIGITS = 3;

    private final EchoCallPath path;
    private final int window;
    private final long replyTimeoutNanos;
    private final boolean echoed;
    private final ConnectionWatch watch;
    /** The arrays this run's payloads are written into. */
    private PayloadRings.Ring ring;
    private final PayloadRings rings;

    public EchoRun(EchoCallPath path, int window, long replyTimeoutNanos) {
        this(path, window, replyTimeoutNanos, true);
    }

    /** @param echoed true when replies carry the payload back (echo), false when they are empty (spam) */
    public EchoRun(EchoCallPath path, int window, long replyTimeoutNanos, boolean echoed) {
        this(path, window, replyTimeoutNanos, echoed, new PayloadRings());
    }

    /** RINGS: the client's payload arrays, kept from run to run (a client makes a new EchoRun per run). */
    public EchoRun(EchoCallPath path, int window, long replyTimeoutNanos, boolean echoed, PayloadRings rings) {
        if (window < 1) {
            throw new IllegalArgumentException("window must be >= 1, was " + window);
        }
        this.path = path;
        this.window = window;
        this.replyTimeoutNanos = replyTimeoutNanos;
        this.echoed = echoed;
        this.watch = new ConnectionWatch(path, replyTimeoutNanos);
        this.rings = rings;
        path.limitBlockedSends(replyTimeoutNanos);
    }

    public RunResult run(int calls, PayloadGenerator payloads) throws InterruptedException {
        ring = rings.forRun(payloads.size(), Math.min(window, calls));
        ArrayDeque<InFlight> inFlight = new ArrayDeque<>(Math.min(window, calls) + 1);
        VerdictTally tally = new VerdictTally();
        Histogram latencies = new Histogram(LATENCY_SIGNIFICANT_DIGITS);
        long start = System.nanoTime();
        watch.runStarts(start);
        long sequence = 0;
        while (sequence < calls && call(sequence, payloads, inFlight, tally, latencies)) {
            sequence++;
        }
        while (!inFlight.isEmpty()) {
            complete(inFlight.removeFirst(), tally, latencies);
        }
        String dead = watch.deadReason();
        if (dead != null) {
            tally.addRange(sequence, calls, Verdict.LOST, "not sent: " + dead);
            tally.abandon(dead);
        }
        return tally.result(calls, System.nanoTime() - start, latencies);
    }

    /**
     * One call: make room in the window, then send. A method of its own, invoked once per call, so the JIT
     * compiles it by its invocation count within a few thousand calls; as the body of {@link #run}'s loop it
     * waited for on-stack replacement of that loop, which came only after about 50 000 calls.
     *
     * @return false when the connection is dead: this call and the ones after it are not sent
     */
    private boolean call(long sequence, PayloadGenerator payloads, ArrayDeque<InFlight> inFlight, VerdictTally tally,
                      Histogram latencies) throws InterruptedException {
        if (inFlight.size() == window) {
            complete(inFlight.removeFirst(), tally, latencies);
        }
        if (watch.deadReason() != null) {
            return false;
        }
        byte[] payload = ring.payload(payloads, sequence);
        try {
            long sentAt = System.nanoTime();
            inFlight.addLast(new InFlight(sequence, payload, sentAt, path.send(payload)));
        } catch (ConnectionLostException e) {
            tally.add(sequence, Verdict.LOST, e.getMessage());
            watch.checkPath();
        } catch (CallFailedException | RuntimeException e) {
            tally.add(sequence, Verdict.ERROR, e.getMessage());
            watch.checkPath();
        }
        return true;
    }

    private void complete(InFlight call, VerdictTally tally, Histogram latencies) throws InterruptedException {
        // The timeout runs from the call's send, so calls stuck behind a lost one do not wait a full timeout each;
        // on a dead connection only a reply already there counts.
        long left = watch.deadReason() != null ? 0 : replyTimeoutNanos - (System.nanoTime() - call.sentAt);
        Reply reply;
        try {
            reply = call.pending.await(Math.max(0, left));
        } catch (RuntimeException e) { // whatever a hostile peer makes the reading or decoding throw
            reply = Reply.error("reply unreadable: " + e);
        }
        long now = System.nanoTime();
        Verdict verdict = ReplyVerifier.verify(call.payload, reply, echoed);
        if (verdict == Verdict.OK) {
            latencies.recordValue(Math.max(1, now - call.sentAt));
        }
        tally.add(call.sequence, verdict, detail(verdict, reply));
        if (verdict == Verdict.LOST) {
            ring.retire(call.sequence);
            watch.lost(now);
        } else {
            watch.answered(now);
            if (verdict == Verdict.ERROR) {
                watch.checkPath(); // a call path may fail its calls with errors once the connection is gone
            }
        }
    }

    private String detail(Verdict verdict, Reply reply) {
        return switch (verdict) {
            case ERROR -> reply.errorName();
            case LOST -> reply.errorName() != null ? reply.errorName()
                : "no reply within " + TimeUnit.NANOSECONDS.toMillis(replyTimeoutNanos) + " ms";
            case MISMATCHED -> reply.payload() == null ? "reply body has an unexpected shape"
                : "reply of " + reply.payload().length + " bytes differs from what it must be";
            default -> null;
        };
    }

    private record InFlight(long sequence, byte[] payload, long sentAt, PendingReply pending) {
    }
}
