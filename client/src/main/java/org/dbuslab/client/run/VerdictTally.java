package org.dbuslab.client.run;

/** Counts verdicts during a run and keeps the first problem for the summary line. */
final class VerdictTally {

    private long ok;
    private long lost;
    private long mismatched;
    private long errors;
    private String firstProblem;

    void add(long sequence, Verdict verdict, String detail) {
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

    RunResult result(int calls, long elapsedNanos, org.HdrHistogram.Histogram latencies) {
        return new RunResult(calls, elapsedNanos, ok, lost, mismatched, errors, firstProblem, latencies);
    }
}
