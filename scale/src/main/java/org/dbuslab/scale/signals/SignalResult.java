package org.dbuslab.scale.signals;

import org.HdrHistogram.Histogram;
import org.dbuslab.client.run.EchoRun;

import java.util.List;

/** One run of the fan-out: what each subscriber got, added up; lost = every signal asked for and not delivered. */
public final class SignalResult {

    private final List<SubscriberTally> subscribers;
    private final int signals;
    private final int emitted;
    private final long elapsedNanos;
    private final String runProblem;
    private final Histogram latencies = new Histogram(EchoRun.LATENCY_SIGNIFICANT_DIGITS);

    SignalResult(List<SubscriberTally> subscribers, int signals, int emitted, long elapsedNanos, String runProblem) {
        this.subscribers = List.copyOf(subscribers);
        this.signals = signals;
        this.emitted = emitted;
        this.elapsedNanos = elapsedNanos;
        this.runProblem = runProblem;
        subscribers.forEach(s -> latencies.add(s.latencies()));
    }

    public int subscribers() {
        return subscribers.size();
    }

    public int signals() {
        return signals;
    }

    public int emitted() {
        return emitted;
    }

    /** From the first emit to the last delivery. */
    public long elapsedNanos() {
        return elapsedNanos;
    }

    public long delivered() {
        return subscribers.stream().mapToLong(SubscriberTally::received).sum();
    }

    /** Signals that should have reached a subscriber and did not (including those never emitted). */
    public long lost() {
        return (long) signals * subscribers.size() - delivered();
    }

    public long duplicated() {
        return subscribers.stream().mapToLong(SubscriberTally::duplicated).sum();
    }

    public long outOfOrder() {
        return subscribers.stream().mapToLong(SubscriberTally::outOfOrder).sum();
    }

    public long mismatched() {
        return subscribers.stream().mapToLong(SubscriberTally::mismatched).sum();
    }

    public long stray() {
        return subscribers.stream().mapToLong(SubscriberTally::stray).sum();
    }

    public boolean clean() {
        return lost() == 0 && duplicated() == 0 && outOfOrder() == 0 && mismatched() == 0 && stray() == 0
            && runProblem == null;
    }

    public double deliveredPerSecond() {
        return delivered() * 1e9 / elapsedNanos;
    }

    public long latencyPercentileNanos(double percentile) {
        return latencies.getTotalCount() == 0 ? 0 : latencies.getValueAtPercentile(percentile);
    }

    public String firstProblem() {
        return runProblem != null ? runProblem
            : subscribers.stream().map(SubscriberTally::firstProblem).filter(p -> p != null).findFirst().orElse(null);
    }
}
