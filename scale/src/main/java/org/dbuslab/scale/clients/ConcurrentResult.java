package org.dbuslab.scale.clients;

import org.HdrHistogram.Histogram;
import org.dbuslab.client.run.EchoRun;

import java.util.List;
import java.util.stream.Collectors;

/** A timed run of N clients: per-client tallies and the wall time from the common start to the last client's end. */
public final class ConcurrentResult {

    private final List<ClientTally> clients;
    private final long elapsedNanos;
    private final Histogram latencies = new Histogram(EchoRun.LATENCY_SIGNIFICANT_DIGITS);

    ConcurrentResult(List<ClientTally> clients, long elapsedNanos) {
        this.clients = List.copyOf(clients);
        this.elapsedNanos = elapsedNanos;
        clients.forEach(c -> latencies.add(c.latencies()));
    }

    public int clients() {
        return clients.size();
    }

    public long elapsedNanos() {
        return elapsedNanos;
    }

    public long calls() {
        return clients.stream().mapToLong(ClientTally::calls).sum();
    }

    public long ok() {
        return clients.stream().mapToLong(ClientTally::ok).sum();
    }

    public long lost() {
        return clients.stream().mapToLong(ClientTally::lost).sum();
    }

    public long mismatched() {
        return clients.stream().mapToLong(ClientTally::mismatched).sum();
    }

    public long errors() {
        return clients.stream().mapToLong(ClientTally::errors).sum();
    }

    /** Every call of every client got its exact echo. */
    public boolean clean() {
        return lost() == 0 && mismatched() == 0 && errors() == 0 && ok() == calls();
    }

    public double callsPerSecond() {
        return elapsedNanos == 0 ? 0 : calls() * 1e9 / elapsedNanos;
    }

    public long latencyPercentileNanos(double percentile) {
        return latencies.getTotalCount() == 0 ? 0 : latencies.getValueAtPercentile(percentile);
    }

    /** Jain's index over each client's own calls/s (its calls over its own elapsed time). */
    public double fairness() {
        return JainIndex.of(clients.stream().mapToDouble(ClientTally::callsPerSecond).toArray());
    }

    public String firstProblem() {
        return clients.stream().map(ClientTally::firstProblem).filter(p -> p != null).findFirst().orElse(null);
    }

    String perClientCallsText() {
        return clients.stream().map(c -> Long.toString(c.calls())).collect(Collectors.joining(","));
    }
}
