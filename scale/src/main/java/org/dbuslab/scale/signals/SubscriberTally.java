package org.dbuslab.scale.signals;

import org.HdrHistogram.Histogram;
import org.dbuslab.client.run.EchoRun;
import org.dbuslab.client.run.PayloadGenerator;

import java.util.Arrays;
import java.util.BitSet;

/**
 * One subscriber's view of one run of signals {@code first .. first+count-1}: which arrived (a bit each), how many
 * came twice, out of order, with the wrong pad, or from outside the run; and each one's emit-to-receive latency.
 * Fed by the subscriber's signal thread, read by the emitter's: every method is synchronized.
 */
final class SubscriberTally {

    private final long first;
    private final int count;
    private final PayloadGenerator pads;
    private final BitSet seen;
    private final Histogram latencies = new Histogram(EchoRun.LATENCY_SIGNIFICANT_DIGITS);
    private long received;
    private long duplicated;
    private long outOfOrder;
    private long mismatched;
    private long stray;
    private long highest = -1;
    private long lastAt;
    private String firstProblem;

    SubscriberTally(long first, int count, PayloadGenerator pads) {
        this.first = first;
        this.count = count;
        this.pads = pads;
        this.seen = new BitSet(count);
    }

    synchronized void receive(long seq, long emittedNanos, byte[] pad, long receivedAt) {
        long index = seq - first;
        if (index < 0 || index >= count) {
            stray++;
            problem("signal " + seq + " is outside this run (" + first + ".." + (first + count - 1) + ")");
            return;
        }
        if (seen.get((int) index)) {
            duplicated++;
            problem("signal " + seq + " came twice");
            return;
        }
        seen.set((int) index);
        received++;
        lastAt = receivedAt;
        latencies.recordValue(Math.max(1, receivedAt - emittedNanos));
        if (seq < highest) {
            outOfOrder++;
            problem("signal " + seq + " came after " + highest);
        }
        highest = Math.max(highest, seq);
        if (!Arrays.equals(pads.payload(seq), pad)) {
            mismatched++;
            problem("signal " + seq + ": pad of " + (pad == null ? 0 : pad.length) + " bytes differs");
        }
        notifyAll();
    }

    private void problem(String text) {
        if (firstProblem == null) {
            firstProblem = text;
        }
    }

    /** Waits until {@code expected} distinct signals have come, or the deadline passes. */
    synchronized boolean awaitReceived(long expected, long deadlineNanos) throws InterruptedException {
        while (received < expected) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    synchronized long received() {
        return received;
    }

    synchronized long duplicated() {
        return duplicated;
    }

    synchronized long outOfOrder() {
        return outOfOrder;
    }

    synchronized long mismatched() {
        return mismatched;
    }

    synchronized long stray() {
        return stray;
    }

    synchronized long lastAt() {
        return lastAt;
    }

    synchronized String firstProblem() {
        return firstProblem;
    }

    synchronized Histogram latencies() {
        return latencies.copy();
    }
}
