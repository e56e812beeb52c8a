package org.dbuslab.scale.clients;

import org.HdrHistogram.Histogram;
import org.dbuslab.client.run.EchoRun;
import org.dbuslab.client.run.RunResult;

/** What one client did during a timed run: its batches' counts and latencies, added up. */
final class ClientTally {

    private final Histogram latencies = new Histogram(EchoRun.LATENCY_SIGNIFICANT_DIGITS);
    private long calls;
    private long ok;
    private long lost;
    private long mismatched;
    private long errors;
    private String firstProblem;
    private long elapsedNanos;

    void add(RunResult batch) {
        calls += batch.calls();
        ok += batch.ok();
        lost += batch.lost();
        mismatched += batch.mismatched();
        errors += batch.errors();
        if (firstProblem == null) {
            firstProblem = batch.firstProblem();
        }
        latencies.add(batch.latencies());
    }

    void failed(String problem) {
        errors++;
        if (firstProblem == null) {
            firstProblem = problem;
        }
    }

    void finished(long elapsedNanos) {
        this.elapsedNanos = elapsedNanos;
    }

    long calls() {
        return calls;
    }

    long ok() {
        return ok;
    }

    long lost() {
        return lost;
    }

    long mismatched() {
        return mismatched;
    }

    long errors() {
        return errors;
    }

    String firstProblem() {
        return firstProblem;
    }

    Histogram latencies() {
        return latencies;
    }

    long elapsedNanos() {
        return elapsedNanos;
    }

    double callsPerSecond() {
        return elapsedNanos == 0 ? 0 : calls * 1e9 / elapsedNanos;
    }
}
