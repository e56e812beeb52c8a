package org.dbuslab.client.run;

/**
 * Counts verdicts during a run and keeps the first problem for the summary line; shared by the D-Bus measuring
 * loop and the raw-socket floor's, so both count calls the same way.
 */
public final class VerdictTally {

    private long ok;
    private long lost;
    private long mismatched;
    private long errors;
    private String firstProblem;
    private String abandoned;

    public void add(long sequence, Verdict verdict, String detail) {
        switch (verdict) {
            case OK -> ok++;
            case LOST -> lost++;
            case MISMATCHED -> mismatched++;
            case ERROR -> errors++;
        }
        if (verdict != Verdict.OK && firstProblem == null) {
            firstProblem = "call " + sequence + ": " + verdict.name().toLowerCase(java.util.Locale.ROOT)
                + (detail != null ? " (" + detail + ")" : "");
        }
    }

    /** Calls {@code from} (inclusive) to {@code to} (exclusive) all ended the same way. */
    public void addRange(long from, long to, Verdict verdict, String detail) {
        for (long sequence = from; sequence < to; sequence++) {
            add(sequence, verdict, detail);
        }
    }

    /** The connection was given up during this run, for {@code why}; the session makes no further runs on it. */
    public void abandon(String why) {
        abandoned = why;
    }

    public RunResult result(int calls, long elapsedNanos, org.HdrHistogram.Histogram latencies) {
        return new RunResult(calls, elapsedNanos, ok, lost, mismatched, errors, firstProblem, latencies, abandoned);
    }
}
